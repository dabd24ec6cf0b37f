import { contentContract as content } from '@oppslag/common/contract/content.contract.ts';
import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import { entitiesContract as entities } from '@oppslag/common/contract/entities.contract.ts';
import { membersContract as members } from '@oppslag/common/contract/members.contract.ts';
import { call } from './typed-client';

export type Entity = RouteResponse<typeof entities.get>;
export type Member = RouteResponse<typeof members.list>[number];
export type CreateEntityPayload = RouteBodyInput<typeof entities.create>;

export type Service = RouteResponse<typeof content.services>[number];

export const entitiesApi = {
  list: () => call(entities.list),
  get: (id: number) => call(entities.get, { params: { id } }),
  create: (input: CreateEntityPayload) => call(entities.create, { body: input }),
  update: (id: number, input: RouteBodyInput<typeof entities.update>) =>
    call(entities.update, { params: { id }, body: input }),
  remove: (id: number, input: RouteBodyInput<typeof entities.remove>) =>
    call(entities.remove, { params: { id }, body: input }),
  regenerateApiKey: (id: number) => call(entities.regenerateApiKey, { params: { id } }),
  previewDisplay: (id: number) => call(entities.previewDisplay, { params: { id } }),
  members: (id: number) => call(members.list, { params: { id } }),
  addMembers: (id: number, list: RouteBodyInput<typeof members.add>) =>
    call(members.add, { params: { id }, body: list }),
  removeMember: (id: number, userId: number) => call(members.remove, { params: { id, userId } }),
  updateMemberPermissions: (
    id: number,
    userId: number,
    input: RouteBodyInput<typeof members.updatePermissions>,
  ) => call(members.updatePermissions, { params: { id, userId }, body: input }),
  services: (id: number) => call(content.services, { params: { entityId: id } }),
};
