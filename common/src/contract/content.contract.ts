import { z } from 'zod';
import { CONTENT_SLOTS } from '../feature-sets';
import {
  contentInputSchema,
  contentListQuerySchema,
  contentSchema,
  UNKNOWN_SLOT_MESSAGE,
} from '../schemas/content';
import { servicesResponseSchema } from '../schemas/display';
import { defineRoute, deletedSchema, pathId } from './define-route';

const entityParams = z.object({ entityId: pathId('Entity') });
/**
 * The slot stays a plain string here: an unknown one is a bad request with the spec's wording
 * ("failed to resolve entity type", §8) and a disabled one is `feature_disabled`, which the
 * handler tells apart with the feature set; a path schema would answer 404 for both.
 */
const slotParams = entityParams.extend({
  slot: z.string().meta({
    description: `${CONTENT_SLOTS.join(', ')} (as the feature set enables them); an unknown slot is 400 "${UNKNOWN_SLOT_MESSAGE}"`,
  }),
});
const contentParams = slotParams.extend({ contentId: pathId('Content') });
const tags = ['content'];
const slotErrors = ['feature_disabled'] as const;
/** Writes also refuse admin-only slots and locked content to other users (403). */
const slotWriteErrors = ['feature_disabled', 'forbidden'] as const;
const adminSlots =
  'Writing adsSmall, adsLarge or partnerLogo needs the superadmin (spec §6); locked content only the superadmin may change.';
const specNames =
  'Spec names accepted too: `template` for `templateId`, `asset` (an object with `id`) for `assetId`, and the content type enum `1` (asset) / `2` (template) for `type`.';

/** Content slots of an entity: `/content/{entityId}/{slot}` (content spec §3, §7) and its modules. */
export const contentContract = {
  // Registered before the slot routes so `service` is never read as a slot name.
  services: defineRoute({
    method: 'get',
    path: '/content/{entityId}/service',
    params: entityParams,
    response: servicesResponseSchema,
    errors: [],
    auth: 'user',
    permission: 'read',
    summary: 'The display modules and whether each is on for the entity (inherited per module)',
    tags,
  }),
  list: defineRoute({
    method: 'get',
    path: '/content/{entityId}/{slot}',
    params: slotParams,
    query: contentListQuerySchema,
    response: z.array(contentSchema),
    errors: slotErrors,
    auth: 'user',
    permission: 'read',
    summary: 'Contents of a slot; includeParents adds inherited and master content',
    tags,
  }),
  create: defineRoute({
    method: 'post',
    path: '/content/{entityId}/{slot}',
    params: slotParams,
    body: contentInputSchema,
    response: contentSchema,
    status: 201,
    errors: slotWriteErrors,
    auth: 'user',
    permission: 'moderate_content',
    summary: 'Create content in a slot with the defaults of spec §9',
    description: `${adminSlots}\n\n${specNames}`,
    tags,
  }),
  update: defineRoute({
    method: 'put',
    path: '/content/{entityId}/{slot}/{contentId}',
    params: contentParams,
    body: contentInputSchema,
    response: contentSchema,
    errors: slotWriteErrors,
    auth: 'user',
    permission: 'moderate_content',
    summary: 'Update content of a slot',
    description: `${adminSlots}\n\n${specNames}`,
    tags,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/content/{entityId}/{slot}/{contentId}',
    params: contentParams,
    response: deletedSchema,
    errors: slotWriteErrors,
    auth: 'user',
    permission: 'moderate_content',
    summary: 'Delete content of a slot',
    description: adminSlots,
    tags,
  }),
};
