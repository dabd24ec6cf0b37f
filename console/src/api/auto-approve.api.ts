import { autoApproveContract as numbers } from '@oppslag/common/contract/auto-approve.contract.ts';
import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import { call } from './typed-client';

export type AutoApproveNumber = RouteResponse<typeof numbers.create>;
export type AutoApproveBody = RouteBodyInput<typeof numbers.create>;

export const autoApproveApi = {
  list: (entityId: number) => call(numbers.list, { params: { id: entityId } }),
  create: (entityId: number, body: AutoApproveBody) =>
    call(numbers.create, { params: { id: entityId }, body }),
  update: (entityId: number, id: number, body: AutoApproveBody) =>
    call(numbers.update, { params: { id: entityId, numberId: id }, body }),
  remove: (entityId: number, id: number) => call(numbers.remove, { params: { id: entityId, numberId: id } }),
};
