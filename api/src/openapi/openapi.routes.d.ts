import Router from '@koa/router';
import type { AppDeps } from '../deps';
import type { DisplayState } from '../middleware/display-auth';
/** Serves the document built from the contracts; built once per app, on first request. */
export declare function openapiRoutes(deps: AppDeps): Router<DisplayState>;
