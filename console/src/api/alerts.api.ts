import { alertsContract } from '@oppslag/common/contract/alerts.contract.ts';
import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import { call } from './typed-client';

export type Alert = RouteResponse<typeof alertsContract.list>[number];
export type AlertPayload = RouteBodyInput<typeof alertsContract.create>;

/** Emergency alerts of an entity (issue 16). */
export const alertsApi = {
  list: (entityId: number) => call(alertsContract.list, { params: { id: entityId } }),
  raise: (entityId: number, body: AlertPayload) =>
    call(alertsContract.create, { params: { id: entityId }, body }),
  clear: (entityId: number, alertId: number) =>
    call(alertsContract.clear, { params: { id: entityId, alertId } }),
};
