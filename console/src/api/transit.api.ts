import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import { transitContract as transit } from '@oppslag/common/contract/transit.contract.ts';
import { call } from './typed-client';

export type TransitStop = RouteResponse<typeof transit.add>;
export type StopSearchResult = RouteResponse<typeof transit.search>[number];
export type AddStopBody = RouteBodyInput<typeof transit.add>;

export const transitApi = {
  list: (entityId: number) => call(transit.list, { params: { id: entityId } }),
  add: (entityId: number, body: AddStopBody) => call(transit.add, { params: { id: entityId }, body }),
  remove: (entityId: number, id: number) => call(transit.remove, { params: { id: entityId, stopId: id } }),
  search: (q: string, signal?: AbortSignal) => call(transit.search, { query: { q }, signal }),
};
