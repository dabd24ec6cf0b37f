import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/**
 * `GET /api/status`: the console's first call; `uninstalled` sends it to the install screen.
 * This is the install gate. Sign-in, reset and account calls need no gate of their own: before the
 * install there are no accounts, so they answer as for unknown credentials (401, or the usual 200
 * for a reset request). Calls that presuppose the installation's rows (the master display) answer
 * `not_installed` from their own service.
 */
export declare function statusRoutes(deps: AppDeps): Router<DisplayState>;
