import Router from '@koa/router';
import type { AppDeps } from '../deps';
import type { ApiState } from '../middleware/auth';
/**
 * Every resource router, registered explicitly. Each resource lives in `routes/<resource>/` and
 * exports a function that builds its router from the app's dependencies.
 */
export declare function apiRouter(deps: AppDeps): Router<ApiState>;
