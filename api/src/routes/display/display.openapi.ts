import {
  displayContentSchema,
  manifestSchema,
  registerDisplayResponseSchema,
  registerDisplaySchema,
} from '@oppslag/common';
import { registerPaths } from '../../openapi/registry';

const tags = ['display'];
const tokenFailure = 'Missing, invalid or ended display token (token_invalid after an API key regeneration)';

registerPaths([
  {
    method: 'post',
    path: '/api/display/register',
    summary: 'Exchange a display id (hashid) and API key for a display token and the manifest',
    tags,
    auth: false,
    body: registerDisplaySchema,
    responses: {
      200: registerDisplayResponseSchema,
      400: 'Validation failed',
      401: 'Unknown display id or API key',
    },
  },
  {
    method: 'get',
    path: '/api/display/manifest',
    summary: 'The display manifest (display token)',
    tags,
    responses: { 200: manifestSchema, 401: tokenFailure },
  },
  {
    method: 'get',
    path: '/api/display/content',
    summary:
      'Everything the display shows, with a strong ETag; If-None-Match answers 304 when unchanged (display token)',
    tags,
    responses: { 200: displayContentSchema, 304: null, 401: tokenFailure },
  },
]);
