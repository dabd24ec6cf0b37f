import { z } from 'zod';
import { autoApproveNumberInputSchema, autoApproveNumberSchema } from '../schemas/auto-approve';
import { defineRoute, deletedSchema, pathId } from './define-route';

const entityParams = z.object({ id: pathId('Entity') });
const numberParams = entityParams.extend({ numberId: pathId('Auto-approve number') });
const tags = ['auto-approve numbers'];

/**
 * Auto-approve numbers of an entity (content spec §2, §3). Members who can read the entity see the
 * list (the card sits on the members tab); changing it needs edit_entity, like other entity settings.
 */
export const autoApproveContract = {
  list: defineRoute({
    method: 'get',
    path: '/entities/{id}/auto-approve-numbers',
    params: entityParams,
    response: z.array(autoApproveNumberSchema),
    errors: [],
    auth: 'user',
    permission: 'read',
    summary: 'Auto-approve numbers of an entity, sorted by description (state active or expired)',
    tags,
  }),
  create: defineRoute({
    method: 'post',
    path: '/entities/{id}/auto-approve-numbers',
    params: entityParams,
    body: autoApproveNumberInputSchema,
    response: autoApproveNumberSchema,
    status: 201,
    errors: [],
    auth: 'user',
    permission: 'edit_entity',
    summary:
      'Add a number (validated for `country`, default NO; stored as 00 + calling code + national number)',
    tags,
  }),
  update: defineRoute({
    method: 'put',
    path: '/entities/{id}/auto-approve-numbers/{numberId}',
    params: numberParams,
    body: autoApproveNumberInputSchema,
    response: autoApproveNumberSchema,
    errors: [],
    auth: 'user',
    permission: 'edit_entity',
    summary: 'Change a number, its description or expiration date',
    tags,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/entities/{id}/auto-approve-numbers/{numberId}',
    params: numberParams,
    response: deletedSchema,
    errors: [],
    auth: 'user',
    permission: 'edit_entity',
    summary: 'Remove a number',
    tags,
  }),
};
