import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/**
 * `POST /api/admin/install` is open to anyone exactly until the first install succeeds; after that
 * it answers 409 `already_installed` to everyone, signed in or not.
 */
export declare function installRoutes(deps: AppDeps): Router<DisplayState>;
