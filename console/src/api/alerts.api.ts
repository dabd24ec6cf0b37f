import type { alertsContract } from '@oppslag/common/contract/alerts.contract.ts';
import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';

export type Alert = RouteResponse<typeof alertsContract.list>[number];
export type AlertPayload = RouteBodyInput<typeof alertsContract.create>;
