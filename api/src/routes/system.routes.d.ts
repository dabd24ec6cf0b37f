import Router from '@koa/router';
import type { AppDeps } from '../deps';
/** Liveness and readiness, mounted at the server root (not under /api). */
export declare function healthRoutes(deps: AppDeps): Router;
