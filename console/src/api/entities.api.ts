import type { Role } from '@oppslag/common/constants.ts';
import type { Entity, UpdateEntityInput } from '@oppslag/common/schemas/entity.ts';
import type { Member } from '@oppslag/common/schemas/user.ts';
import { api } from './client';

export type { Entity, Member };

export interface CreateEntityPayload {
  name: string;
  type: Entity['type'];
  parentId?: number | null;
  codeWord?: string | null;
}

export interface Service {
  name: string;
  enabled?: boolean;
  [key: string]: unknown;
}

export const entitiesApi = {
  list: () => api.get<Entity[]>('/entities'),
  get: (id: number) => api.get<Entity>(`/entities/${id}`),
  create: (input: CreateEntityPayload) => api.post<Entity>('/entities', input),
  update: (id: number, input: UpdateEntityInput) => api.put<Entity>(`/entities/${id}`, input),
  remove: (id: number, input: { withChildren?: boolean; moveTo?: number | null }) =>
    api.del<Entity[]>(`/entities/${id}`, input),
  regenerateApiKey: (id: number) => api.post<Entity>(`/entities/${id}/regenerate-api-key`),
  members: (id: number) => api.get<Member[]>(`/entities/${id}/members`),
  addMembers: (id: number, members: { email: string; role: Role }[]) =>
    api.post<unknown>(`/entities/${id}/members`, members),
  removeMember: (id: number, userId: number) => api.del<unknown>(`/entities/${id}/members/${userId}`),
  updateMemberPermissions: (
    id: number,
    userId: number,
    input: { autoApprove?: boolean; smsNotifications?: boolean },
  ) => api.put<unknown>(`/entities/${id}/members/${userId}/permissions`, input),
  services: (id: number) => api.get<Service[] | Record<string, unknown>>(`/content/${id}/service`),
};
