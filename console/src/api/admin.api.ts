import type { adminContract as admin } from '@oppslag/common/contract/admin.contract.ts';
import type { RouteResponse } from '@oppslag/common/contract/define-route.ts';

/** One row of GET /api/admin/displays. */
export type AdminDisplayItem = RouteResponse<typeof admin.displays>[number];
/** GET /api/admin/master: the root entity and the master display. */
export type MasterAnswer = RouteResponse<typeof admin.master>;
