import type { contentContract as content } from '@oppslag/common/contract/content.contract.ts';
import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import type { ContentSlot } from '@oppslag/common/feature-sets.ts';

export type { ContentSlot };
export type Content = RouteResponse<typeof content.create>;
/** The JSON body as sent: dates travel as ISO strings. */
export type ContentBody = RouteBodyInput<typeof content.create>;
