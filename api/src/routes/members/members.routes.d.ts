import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/**
 * Members of an entity (platform spec §4 and §7). Anyone who can read the entity sees its members;
 * adding, removing and the per-member switches are the superadmin's: visibility first (404), then
 * the superadmin check (403), then the body (400) — the contract's `auth` + `permission`.
 */
export declare function membersRoutes(deps: AppDeps): Router<DisplayState>;
