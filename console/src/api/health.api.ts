import type { RouteResponse } from '@oppslag/common/contract/define-route.ts';
import type { healthContract as health } from '@oppslag/common/contract/health.contract.ts';

export type DisplayHealth = RouteResponse<typeof health.get>;
export type Delivery = RouteResponse<typeof health.noteDelivery>;
