import { contentContract as content } from '@oppslag/common/contract/content.contract.ts';
import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import type { ContentSlot } from '@oppslag/common/feature-sets.ts';
import { call } from './typed-client';

export type { ContentSlot };
export type Content = RouteResponse<typeof content.create>;
/** The JSON body as sent: dates travel as ISO strings. */
export type ContentBody = RouteBodyInput<typeof content.create>;

export const contentApi = {
  /** Own and (includeParents) inherited/master content of a slot, published and drafts alike. */
  list: (entityId: number, slot: ContentSlot, isTemplate = false) =>
    call(content.list, {
      params: { entityId, slot },
      query: { includeParents: 'true', approved: 'all', isTemplate: isTemplate ? 'true' : 'false' },
    }),
  create: (entityId: number, slot: ContentSlot, body: ContentBody) =>
    call(content.create, { params: { entityId, slot }, body }),
  update: (entityId: number, slot: ContentSlot, id: number, body: ContentBody) =>
    call(content.update, { params: { entityId, slot, contentId: id }, body }),
  remove: (entityId: number, slot: ContentSlot, id: number) =>
    call(content.remove, { params: { entityId, slot, contentId: id } }),
};
