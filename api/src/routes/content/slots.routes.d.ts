import type Router from '@koa/router';
import { type contentContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import type { Handler } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';

type C = typeof contentContract;
/**
 * An unknown or disabled slot is answered right after the caller check and before the entity's
 * (authorization matrix: a disabled slot is 409 for every signed-in user, whatever the entity), so
 * it runs as the router's `slot` parameter middleware; the anonymous caller still gets the 401.
 */
export declare function checkSlotParam(router: Router<DisplayState>, deps: AppDeps): void;
/**
 * Content slots: `/content/{entityId}/{slot}` for banner, partnerLogo, adsSmall and adsLarge.
 * Listing with includeParents adds ancestors' content and, for ads and templates, the master's.
 */
export declare function slotHandlers(deps: AppDeps): {
  list: Handler<C['list']>;
  create: Handler<C['create']>;
  update: Handler<C['update']>;
  remove: Handler<C['remove']>;
};
