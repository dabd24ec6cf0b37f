import { assetResponseSchema, updateAssetCropSchema } from '@oppslag/common';
import { z } from 'zod';
import { registerPaths } from '../../openapi/registry';

const idParams = z.object({ id: z.string().meta({ description: 'Numeric asset id or its hashid' }) });
const fileQuery = z.object({
  v: z
    .string()
    .optional()
    .meta({ description: 'Cache-buster (updatedAt in ms); makes the answer cacheable for a year' }),
  token: z
    .string()
    .optional()
    .meta({ description: 'User or display token, for <img> URLs that cannot send headers' }),
});
const fileBytes = z
  .string()
  .meta({ description: 'The file bytes (image/png, image/jpeg, image/webp or application/pdf)' });

registerPaths([
  {
    method: 'post',
    path: '/api/assets/upload',
    summary:
      'Upload an image (PNG, JPEG, WebP) or PDF as multipart/form-data: `entity` (id) and exactly one `file`, at most 20 MB (needs moderate_content)',
    tags: ['assets'],
    responses: {
      201: assetResponseSchema,
      400: 'Missing entity or file, several files, or a broken multipart body',
      401: 'Not signed in',
      403: 'No moderate_content on the entity',
      404: 'No such entity (or not visible)',
      413: 'File larger than 20 MB',
      415: 'Not a PNG, JPEG, WebP or PDF by its bytes',
      422: 'Unreadable, too many pixels, or an encrypted PDF',
    },
  },
  {
    method: 'get',
    path: '/api/assets/{id}',
    summary: 'Asset data (user token, or the token of a display below the asset’s entity)',
    tags: ['assets'],
    params: idParams,
    responses: { 200: assetResponseSchema, 401: 'Not signed in', 404: 'No such asset (or not visible)' },
  },
  {
    method: 'get',
    path: '/api/assets/{id}/original',
    summary: 'The stored original (re-encoded image, or the PDF)',
    tags: ['assets'],
    params: idParams,
    query: fileQuery,
    responses: { 200: fileBytes, 401: 'Not signed in', 404: 'No such asset (or not visible)' },
  },
  {
    method: 'get',
    path: '/api/assets/{id}/cropped',
    summary: 'The cropped rendition for the slot (WebP); 404 until one has been rendered',
    tags: ['assets'],
    params: idParams,
    query: fileQuery,
    responses: { 200: fileBytes, 401: 'Not signed in', 404: 'No such asset, or no rendition yet' },
  },
  {
    method: 'put',
    path: '/api/assets/{id}',
    summary: 'New crop parameters; the cropped rendition is rendered again by the worker',
    tags: ['assets'],
    params: idParams,
    body: updateAssetCropSchema,
    responses: {
      200: assetResponseSchema,
      400: 'Validation failed',
      401: 'Not signed in',
      403: 'No moderate_content on the asset’s entity',
      404: 'No such asset (or not visible)',
    },
  },
  {
    method: 'put',
    path: '/api/assets/{id}/cropped',
    summary: 'Store a crop made in the browser (multipart `file`: PNG, JPEG or WebP) as the rendition',
    tags: ['assets'],
    params: idParams,
    responses: {
      200: assetResponseSchema,
      400: 'No file',
      401: 'Not signed in',
      403: 'No moderate_content on the asset’s entity',
      404: 'No such asset (or not visible)',
      413: 'File larger than 20 MB',
      415: 'Not a PNG, JPEG or WebP image',
      422: 'Unreadable image',
    },
  },
]);
