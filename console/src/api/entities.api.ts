import type { contentContract as content } from '@oppslag/common/contract/content.contract.ts';
import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import type { entitiesContract as entities } from '@oppslag/common/contract/entities.contract.ts';
import type { membersContract as members } from '@oppslag/common/contract/members.contract.ts';

export type Entity = RouteResponse<typeof entities.get>;
export type Member = RouteResponse<typeof members.list>[number];
export type CreateEntityPayload = RouteBodyInput<typeof entities.create>;

export type Service = RouteResponse<typeof content.services>[number];
