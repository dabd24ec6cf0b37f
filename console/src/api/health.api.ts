import type { RouteResponse } from '@oppslag/common/contract/define-route.ts';
import { healthContract as health } from '@oppslag/common/contract/health.contract.ts';
import { call } from './typed-client';

export type DisplayHealth = RouteResponse<typeof health.get>;
export type Delivery = RouteResponse<typeof health.noteDelivery>;

export const healthApi = {
  get: (displayId: number) => call(health.get, { params: { id: displayId } }),
  requestScreenshot: (displayId: number) => call(health.requestScreenshot, { params: { id: displayId } }),
  noteDelivery: (entityId: number, noteId: number) =>
    call(health.noteDelivery, { params: { entityId, noteId } }),
  bannerDelivery: (entityId: number, contentId: number) =>
    call(health.bannerDelivery, { params: { entityId, contentId } }),
};
