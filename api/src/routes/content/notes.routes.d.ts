import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/**
 * Notes of an entity: `/content/{entityId}/note`. Reading needs `read`; writing, approving and
 * rejecting need `moderate_content` (moderators and up); the contract says so and the mount checks it.
 */
export declare function notesRoutes(deps: AppDeps): Router<DisplayState>;
