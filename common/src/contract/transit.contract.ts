import { z } from 'zod';
import {
  appliedTransitStopSchema,
  createTransitStopSchema,
  stopIdSchema,
  stopSearchQuerySchema,
  stopSearchResultSchema,
  transitStopListQuerySchema,
  transitStopSchema,
} from '../schemas/transit';
import { defineRoute, pathId } from './define-route';

const entityParams = z.object({ id: pathId('Entity') });
/** A stop is addressed by its row id or by its NSR id; anything else names no stop (404). */
const stopKey = z
  .union(
    [
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number),
      stopIdSchema,
    ],
    { error: 'Transit stop not found' },
  )
  .meta({ description: 'The stop’s row id, or its NSR id (`NSR:StopPlace:58366`)' });
const tags = ['transit'];

/** Transit stops of an entity (read to list, edit_entity to change) and the stop search (content spec §2, §3). */
export const transitContract = {
  list: defineRoute({
    method: 'get',
    path: '/entities/{id}/transit-stops',
    params: entityParams,
    query: transitStopListQuerySchema,
    response: z.array(appliedTransitStopSchema),
    errors: [],
    auth: 'user',
    permission: 'read',
    summary: 'Transit stops of an entity; with `includeInherited=true` also its ancestors’ stops',
    description:
      'The stops an entity’s screens show: its own, then each ancestor’s (nearest first, each stop id once), ' +
      'an inherited one naming its ancestor in `inheritedFrom`. Reading the entity is enough: these are ' +
      'the departures its screens show.',
    tags,
  }),
  add: defineRoute({
    method: 'post',
    path: '/entities/{id}/transit-stops',
    params: entityParams,
    body: createTransitStopSchema,
    response: transitStopSchema,
    status: 201,
    errors: ['conflict'],
    auth: 'user',
    permission: 'edit_entity',
    summary: 'Add a stop (an NSR id from the stop search); 409 when it is already added',
    tags,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/entities/{id}/transit-stops/{stopId}',
    params: entityParams.extend({ stopId: stopKey }),
    response: transitStopSchema,
    errors: [],
    auth: 'user',
    permission: 'edit_entity',
    summary: 'Remove a stop, by its row id or its NSR id; answers the removed stop',
    tags,
  }),
  search: defineRoute({
    method: 'get',
    path: '/transit/search-stops',
    query: stopSearchQuerySchema,
    response: z.array(stopSearchResultSchema),
    errors: ['upstream_failed', 'rate_limited'],
    auth: 'user',
    summary: 'Search Entur stop places (at least 2 characters); results without a known icon are dropped',
    description: 'Cached per query for an hour. Entur failing answers 502 `upstream_failed`.',
    tags,
  }),
};
