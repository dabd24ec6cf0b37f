import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/** The superadmin area: all displays, the reload command, the master display (platform spec §7). */
export declare function adminRoutes(deps: AppDeps): Router<DisplayState>;
