import Router from '@koa/router';
import { metaContract } from '@oppslag/common';
import type { AppDeps } from '../deps';
import { mountContract } from '../http/define-handler';
import type { DisplayState } from '../middleware/display-auth';
import { VERSION } from '../version';
import { buildOpenApiDocument } from './registry';

/** Serves the document built from the contracts; built once per app, on first request. */
export function openapiRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  let document: Record<string, unknown> | undefined;
  // Kept as the JSON it is served as: plain data, with nothing of the zod schemas it came from.
  mountContract(router, deps, metaContract, {
    openapi: () => {
      document ??= JSON.parse(
        JSON.stringify(buildOpenApiDocument({ version: VERSION, serverUrl: deps.config.publicUrl })),
      );
      return document ?? {};
    },
  });
  return router;
}
