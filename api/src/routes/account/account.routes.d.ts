import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/**
 * The signed-in user's own account (contract: `accountContract`). Changes that alter the token's
 * claims or end other sessions answer with a fresh token.
 */
export declare function accountRoutes(deps: AppDeps): Router<DisplayState>;
