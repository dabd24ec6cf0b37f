import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/**
 * Users. The list and password generation are superadmin-only (403 for other signed-in users);
 * a single user is visible to the superadmin and to that user (`auth: 'self'`), 404 for anyone else.
 */
export declare function usersRoutes(deps: AppDeps): Router<DisplayState>;
