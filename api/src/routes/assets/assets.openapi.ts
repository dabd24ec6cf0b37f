import { z } from 'zod';
import { registerPaths } from '../../openapi/registry';

// The files take a bearer token (user or display) or, for an <img>, the asset file cookie set by
// POST /api/assets/session; never a token in the URL.
// The asset JSON routes are declared in `assetsContract` (@oppslag/common); only the binary file
// answers, which a contract route does not model, are documented here.
const idParams = z.object({ id: z.string().meta({ description: 'Numeric asset id or its hashid' }) });
const fileQuery = z.object({
  v: z
    .string()
    .optional()
    .meta({ description: 'Cache-buster (updatedAt in ms); makes the answer cacheable for a year' }),
});
const fileBytes = z
  .string()
  .meta({ description: 'The file bytes (image/png, image/jpeg, image/webp or application/pdf)' });

registerPaths([
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
]);
