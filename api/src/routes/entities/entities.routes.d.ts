import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/**
 * The entity hierarchy (platform spec §3–5 and §7). The permission on the entity itself is the
 * contract's; rules that depend on the input (parent, moves, superadmin-only fields) are the services'.
 */
export declare function entitiesRoutes(deps: AppDeps): Router<DisplayState>;
