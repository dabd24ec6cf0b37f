import {
  contentInputSchema,
  contentListQuerySchema,
  contentSchema,
  servicesResponseSchema,
} from '@oppslag/common';
import { z } from 'zod';
import { registerPaths } from '../../openapi/registry';

const entityParams = z.object({ entityId: z.string().meta({ description: 'Entity id' }) });
const slotParams = entityParams.extend({
  slot: z
    .string()
    .meta({ description: 'banner, partnerLogo, adsSmall or adsLarge (as the feature set enables them)' }),
});
const contentParams = slotParams.extend({ contentId: z.string() });
const deleted = z.object({ id: z.number().int(), deleted: z.literal(true) });
const tags = ['content'];
const common = { 401: 'Not signed in', 404: 'No such entity or object (or not visible)' };

registerPaths([
  {
    method: 'get',
    path: '/api/content/{entityId}/service',
    summary: 'The display modules and whether each is on for the entity (inherited per module)',
    tags,
    params: entityParams,
    responses: { 200: servicesResponseSchema, ...common },
  },
  {
    method: 'get',
    path: '/api/content/{entityId}/{slot}',
    summary: 'Contents of a slot; includeParents adds inherited and master content (needs read)',
    tags,
    params: slotParams,
    query: contentListQuerySchema,
    responses: {
      200: z.array(contentSchema),
      400: 'Unknown slot ("failed to resolve entity type") or bad query',
      409: 'feature_disabled: the feature set disables the slot',
      ...common,
    },
  },
  {
    method: 'post',
    path: '/api/content/{entityId}/{slot}',
    summary: 'Create content in a slot with the defaults of spec §9 (ads and partner logo: superadmin only)',
    tags,
    params: slotParams,
    body: contentInputSchema,
    responses: {
      201: contentSchema,
      400: 'Validation failed',
      403: 'Not allowed',
      409: 'feature_disabled',
      ...common,
    },
  },
  {
    method: 'put',
    path: '/api/content/{entityId}/{slot}/{contentId}',
    summary: 'Update content of a slot',
    tags,
    params: contentParams,
    body: contentInputSchema,
    responses: {
      200: contentSchema,
      400: 'Validation failed',
      403: 'Not allowed or locked',
      409: 'feature_disabled',
      ...common,
    },
  },
  {
    method: 'delete',
    path: '/api/content/{entityId}/{slot}/{contentId}',
    summary: 'Delete content of a slot',
    tags,
    params: contentParams,
    responses: { 200: deleted, 403: 'Not allowed or locked', 409: 'feature_disabled', ...common },
  },
]);
