import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import type { ApiState } from '../middleware/auth';
import { buildOpenApiDocument, registerPaths } from './registry';

registerPaths([
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    tags: ['meta'],
    auth: false,
    responses: { 200: z.record(z.string(), z.unknown()).meta({ description: 'OpenAPI 3.1 document' }) },
  },
]);

/** Serves the document built from the registry; built once per app, after every router registered. */
export function openapiRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>();
  let document: unknown;
  router.get('/openapi.json', (ctx) => {
    document ??= buildOpenApiDocument({ version: '0.1.0', serverUrl: deps.config.publicUrl });
    ctx.body = document;
  });
  return router;
}
