import type { AutoApproveNumber } from '@oppslag/common/schemas/auto-approve.ts';
import { api } from './client';

export type { AutoApproveNumber };

export interface AutoApproveBody {
  number: string;
  country?: string;
  description: string;
  expirationDate: string | null;
}

export const autoApproveApi = {
  list: (entityId: number) => api.get<AutoApproveNumber[]>(`/entities/${entityId}/auto-approve-numbers`),
  create: (entityId: number, body: AutoApproveBody) =>
    api.post<AutoApproveNumber>(`/entities/${entityId}/auto-approve-numbers`, body),
  update: (entityId: number, id: number, body: AutoApproveBody) =>
    api.put<AutoApproveNumber>(`/entities/${entityId}/auto-approve-numbers/${id}`, body),
  remove: (entityId: number, id: number) =>
    api.del<unknown>(`/entities/${entityId}/auto-approve-numbers/${id}`),
};
