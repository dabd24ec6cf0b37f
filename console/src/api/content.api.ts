import type { ContentSlot } from '@oppslag/common/feature-sets.ts';
import type { Content, ContentInput } from '@oppslag/common/schemas/content.ts';
import { api } from './client';

export type { Content, ContentSlot };
/** The JSON body: dates travel as ISO strings. */
export type ContentBody = Omit<ContentInput, 'start' | 'end'> & { start?: string; end?: string | null };

export const contentApi = {
  /** Own and (includeParents) inherited/master content of a slot, published and drafts alike. */
  list: (entityId: number, slot: ContentSlot, isTemplate = false) =>
    api.get<Content[]>(
      `/content/${entityId}/${slot}?includeParents=true&approved=all&isTemplate=${isTemplate}`,
    ),
  create: (entityId: number, slot: ContentSlot, body: ContentBody) =>
    api.post<Content>(`/content/${entityId}/${slot}`, body),
  update: (entityId: number, slot: ContentSlot, id: number, body: ContentBody) =>
    api.put<Content>(`/content/${entityId}/${slot}/${id}`, body),
  remove: (entityId: number, slot: ContentSlot, id: number) =>
    api.del<unknown>(`/content/${entityId}/${slot}/${id}`),
};
