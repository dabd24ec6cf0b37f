import {
  createTransitStopSchema,
  stopSearchQuerySchema,
  stopSearchResultSchema,
  transitStopSchema,
} from '@oppslag/common';
import { z } from 'zod';
import { registerPaths } from '../../openapi/registry';

const tags = ['transit'];
const entity = z.object({ id: z.string() });
const errors = {
  401: 'Not signed in',
  403: 'Needs edit_entity on the entity',
  404: 'Entity or stop not found',
};

registerPaths([
  {
    method: 'get',
    path: '/api/entities/{id}/transit-stops',
    summary: 'Transit stops of an entity',
    tags,
    params: entity,
    responses: { 200: z.array(transitStopSchema), 401: errors[401], 404: errors[404] },
  },
  {
    method: 'post',
    path: '/api/entities/{id}/transit-stops',
    summary: 'Add a stop (an NSR id from the stop search)',
    tags,
    params: entity,
    body: createTransitStopSchema,
    responses: {
      201: transitStopSchema,
      400: 'Validation failed',
      409: 'The stop is already added',
      ...errors,
    },
  },
  {
    method: 'delete',
    path: '/api/entities/{id}/transit-stops/{stopId}',
    summary: 'Remove a stop, by its row id or its NSR id',
    tags,
    params: z.object({ id: z.string(), stopId: z.string() }),
    responses: { 200: transitStopSchema, ...errors },
  },
  {
    method: 'get',
    path: '/api/transit/search-stops',
    summary: 'Search Entur stop places (at least 2 characters); results without a known icon are dropped',
    tags,
    query: stopSearchQuerySchema,
    responses: {
      200: z.array(stopSearchResultSchema),
      400: 'Search query must be at least 2 characters',
      401: errors[401],
      502: 'Failed to search for transit stops',
    },
  },
]);
