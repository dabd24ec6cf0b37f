import type { autoApproveContract as numbers } from '@oppslag/common/contract/auto-approve.contract.ts';
import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';

export type AutoApproveNumber = RouteResponse<typeof numbers.create>;
export type AutoApproveBody = RouteBodyInput<typeof numbers.create>;
