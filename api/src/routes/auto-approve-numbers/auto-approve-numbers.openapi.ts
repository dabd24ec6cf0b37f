import { autoApproveNumberInputSchema, autoApproveNumberSchema } from '@oppslag/common';
import { z } from 'zod';
import { registerPaths } from '../../openapi/registry';

const tags = ['auto-approve numbers'];
const entity = z.object({ id: z.string() });
const number = z.object({ id: z.string(), numberId: z.string() });
const errors = {
  401: 'Not signed in',
  403: 'Needs edit_entity on the entity',
  404: 'Entity or number not found',
};

registerPaths([
  {
    method: 'get',
    path: '/api/entities/{id}/auto-approve-numbers',
    summary: 'Auto-approve numbers of an entity, sorted by description (state active or expired)',
    tags,
    params: entity,
    responses: { 200: z.array(autoApproveNumberSchema), 401: errors[401], 404: errors[404] },
  },
  {
    method: 'post',
    path: '/api/entities/{id}/auto-approve-numbers',
    summary:
      'Add a number (validated for `country`, default NO; stored as 00 + calling code + national number)',
    tags,
    params: entity,
    body: autoApproveNumberInputSchema,
    responses: { 201: autoApproveNumberSchema, 400: 'Validation failed', ...errors },
  },
  {
    method: 'put',
    path: '/api/entities/{id}/auto-approve-numbers/{numberId}',
    summary: 'Change a number, its description or expiration date',
    tags,
    params: number,
    body: autoApproveNumberInputSchema,
    responses: { 200: autoApproveNumberSchema, 400: 'Validation failed', ...errors },
  },
  {
    method: 'delete',
    path: '/api/entities/{id}/auto-approve-numbers/{numberId}',
    summary: 'Remove a number',
    tags,
    params: number,
    responses: { 200: z.object({ id: z.number().int(), deleted: z.literal(true) }), ...errors },
  },
]);
