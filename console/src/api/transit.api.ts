import type { StopSearchResult, TransitStop } from '@oppslag/common/schemas/transit.ts';
import { api } from './client';

export type { StopSearchResult, TransitStop };

export interface AddStopBody {
  stopId: string;
  label: string;
  latitude?: number | null;
  longitude?: number | null;
}

export const transitApi = {
  list: (entityId: number) => api.get<TransitStop[]>(`/entities/${entityId}/transit-stops`),
  add: (entityId: number, body: AddStopBody) =>
    api.post<TransitStop>(`/entities/${entityId}/transit-stops`, body),
  remove: (entityId: number, id: number) => api.del<TransitStop>(`/entities/${entityId}/transit-stops/${id}`),
  search: (q: string, signal?: AbortSignal) =>
    api.get<StopSearchResult[]>(`/transit/search-stops?q=${encodeURIComponent(q)}`, signal),
};
