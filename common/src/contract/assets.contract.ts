import { z } from 'zod';
import { assetFileSessionSchema, assetResponseSchema, updateAssetCropSchema } from '../schemas/asset';
import { defineRoute } from './define-route';

/** The numeric id or the hashid; the server decodes it with its alphabet (unknown → 404). */
const assetParams = z.object({
  id: z.string().meta({ description: 'Numeric asset id or its hashid' }),
});
const tags = ['assets'];
/**
 * Asset routes read their token themselves, since displays load images too: a user token, or a
 * display token of a display below the asset's entity where a route says so. `auth: 'public'`
 * only means the mount does not check it.
 */
const viewer =
  'Bearer user token; the asset routes check it themselves (401 `unauthorized` / `token_invalid`).';

/**
 * Assets (content spec §3, §7). Uploads are multipart/form-data, which the contract does not model
 * as a body: the fields are described here and read by the handler. The file answers
 * (`/original`, `/cropped`) are binary and documented next to their hand-written routes.
 */
/** What a file upload can be refused with (the original upload and the browser's crop alike) besides the implicit codes. */
const UPLOAD_ERRORS = [
  'unauthorized',
  'token_invalid',
  'forbidden',
  'unsupported_media_type',
  'unsupported_file',
  'invalid_file',
  // The organization's daily upload volume is spent (api/src/services/route-limits.ts).
  'rate_limited',
] as const;

export const assetsContract = {
  upload: defineRoute({
    method: 'post',
    path: '/assets/upload',
    response: assetResponseSchema,
    status: 201,
    // The entity named in the form is checked here, not by the mounting layer.
    errors: [...UPLOAD_ERRORS, 'not_found'],
    auth: 'public',
    summary:
      'Upload an image (PNG, JPEG, WebP) or PDF as multipart/form-data: `entity` (id), optional `slot`, exactly one `file`, at most 20 MB',
    description: `${viewer} Needs moderate_content on the entity; a display token is refused (403).`,
    tags,
  }),
  get: defineRoute({
    method: 'get',
    path: '/assets/{id}',
    params: assetParams,
    response: assetResponseSchema,
    errors: ['unauthorized', 'token_invalid'],
    auth: 'public',
    summary: 'Asset data',
    description: `${viewer} A display token of a display below the asset’s entity is accepted too.`,
    tags,
  }),
  setCrop: defineRoute({
    method: 'put',
    path: '/assets/{id}',
    params: assetParams,
    body: updateAssetCropSchema,
    response: assetResponseSchema,
    errors: ['unauthorized', 'token_invalid', 'forbidden'],
    auth: 'public',
    summary: 'New crop parameters; the cropped rendition is rendered again by the worker',
    description: `${viewer} Needs moderate_content on the asset’s entity.`,
    tags,
  }),
  storeCropped: defineRoute({
    method: 'put',
    path: '/assets/{id}/cropped',
    params: assetParams,
    response: assetResponseSchema,
    errors: UPLOAD_ERRORS,
    auth: 'public',
    summary: 'Store a crop made in the browser (multipart `file`: PNG, JPEG or WebP) as the rendition',
    description: `${viewer} Needs moderate_content on the asset’s entity.`,
    tags,
  }),
  /**
   * An `<img>` cannot send the Authorization header, and a token in its URL would sit in history,
   * logs and Referer headers (issue 14 item 6); the console opens this cookie session instead.
   */
  openFileSession: defineRoute({
    method: 'post',
    path: '/assets/session',
    response: assetFileSessionSchema,
    errors: ['unauthorized', 'token_invalid', 'forbidden'],
    auth: 'public',
    summary: 'Sets the asset file cookie with which `<img>` loads `/original` and `/cropped`',
    description: `${viewer} A display token is refused (403): screens send their token in the header. The cookie is HttpOnly, SameSite=Strict, sent only to \`/api/assets\`, holds no token (an HMAC over user, token version and expiry) and lasts 20 minutes; the console opens it again before then. A password change ends it.`,
    tags,
  }),
  closeFileSession: defineRoute({
    method: 'delete',
    path: '/assets/session',
    response: z.object({}),
    errors: [],
    auth: 'public',
    summary: 'Clears the asset file cookie (sign-out)',
    tags,
  }),
};
