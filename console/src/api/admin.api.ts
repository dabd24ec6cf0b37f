import { adminContract as admin } from '@oppslag/common/contract/admin.contract.ts';
import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import { call } from './typed-client';

/** One row of GET /api/admin/displays. */
export type AdminDisplayItem = RouteResponse<typeof admin.displays>[number];
/** GET /api/admin/master: the root entity and the master display. */
export type MasterAnswer = RouteResponse<typeof admin.master>;

export const adminApi = {
  displays: () => call(admin.displays),
  updateDisplays: (entities: RouteBodyInput<typeof admin.updateDisplays>['entities']) =>
    call(admin.updateDisplays, { body: { entities } }),
  master: () => call(admin.master),
};
