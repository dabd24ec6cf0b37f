import { z } from 'zod';
import { historyPageSchema, historyQuerySchema } from '../schemas/history';
import { defineRoute, pathId } from './define-route';

const tags = ['history'];

/**
 * The change history (issue 17). Owners and administrators see an entity's history including its
 * descendants (`edit_entity`; a moderator is refused), the superadmin sees every entity's.
 */
export const historyContract = {
  entity: defineRoute({
    method: 'get',
    path: '/entities/{id}/history',
    params: z.object({ id: pathId('Entity') }),
    query: historyQuerySchema,
    response: historyPageSchema,
    errors: [],
    auth: 'user',
    permission: 'edit_entity',
    summary: 'Changes to an entity and its descendants, newest first; filter by kind and person',
    tags,
  }),
  all: defineRoute({
    method: 'get',
    path: '/admin/history',
    query: historyQuerySchema,
    response: historyPageSchema,
    errors: [],
    auth: 'superadmin',
    summary: 'Every change of the installation, newest first (superadmin)',
    tags,
  }),
};
