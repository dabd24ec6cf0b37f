import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import type { transitContract as transit } from '@oppslag/common/contract/transit.contract.ts';

export type TransitStop = RouteResponse<typeof transit.add>;
export type StopSearchResult = RouteResponse<typeof transit.search>[number];
export type AddStopBody = RouteBodyInput<typeof transit.add>;
export type AppliedTransitStop = RouteResponse<typeof transit.list>[number];
