import Router from '@koa/router';
import { RESET_REQUESTED } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';

export { RESET_REQUESTED };
/** Sign-in and password reset; each guarded by the login limiter (per account and per client). */
export declare function authRoutes(deps: AppDeps): Router<DisplayState>;
