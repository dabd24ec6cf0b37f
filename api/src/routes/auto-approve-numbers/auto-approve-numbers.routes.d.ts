import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/**
 * Auto-approve numbers of an entity. Members who can read the entity see the list (the card sits
 * on the members tab); changing it needs edit_entity, like the other entity settings.
 */
export declare function autoApproveNumbersRoutes(deps: AppDeps): Router<DisplayState>;
