import Router from '@koa/router';
import {
  cacheKeys,
  createTransitStopSchema,
  type StopSearchResult,
  stopIdSchema,
  stopSearchQuerySchema,
} from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { AppError, notFound, parse } from '../../errors';
import { searchStops } from '../../lib/entur-geocoder';
import { type ApiState, actorOf, requireUser } from '../../middleware/auth';
import { presentTransitStop } from '../../presenters/transit-stop.presenter';
import './transit.openapi';
import { authorizeEntity } from '../../services/access.service';
import { addTransitStop, listTransitStops, removeTransitStop } from '../../services/transit-stop.service';

/** Stop names change rarely; an hour keeps typing in the search box off Entur's rate limits. */
export const STOP_SEARCH_TTL_SECONDS = 3600;
const SEARCH_SIZE = 20;

function entityIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!/^\d{1,10}$/.test(value ?? '') || id <= 0 || id > 2147483647) throw notFound('Entity');
  return id;
}

/** A stop is addressed by its row id or by its NSR id. */
function stopKey(value: string | undefined): number | string {
  if (/^\d{1,10}$/.test(value ?? '')) return Number(value);
  const parsed = stopIdSchema.safeParse(value);
  if (!parsed.success) throw notFound('Transit stop');
  return parsed.data;
}

/** Transit stops of an entity (read to list, edit_entity to change) and the stop search. */
export function transitRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>();
  const db = deps.database.db;
  const { redis, config } = deps;

  router.get('/entities/:id/transit-stops', requireUser, async (ctx) => {
    const entityId = entityIdParam(ctx.params.id);
    await authorizeEntity(db, actorOf(ctx), entityId, 'read');
    ctx.body = (await listTransitStops(db, entityId)).map(presentTransitStop);
  });

  router.post('/entities/:id/transit-stops', requireUser, async (ctx) => {
    const actor = actorOf(ctx);
    const entityId = entityIdParam(ctx.params.id);
    await authorizeEntity(db, actor, entityId, 'edit_entity');
    const input = parse(createTransitStopSchema, ctx.request.body);
    const row = await db.transaction((tx) => addTransitStop(tx, entityId, input, actor));
    deps.outbox.notify();
    ctx.status = 201;
    ctx.body = presentTransitStop(row);
  });

  router.delete('/entities/:id/transit-stops/:stopId', requireUser, async (ctx) => {
    const actor = actorOf(ctx);
    const entityId = entityIdParam(ctx.params.id);
    await authorizeEntity(db, actor, entityId, 'edit_entity');
    const key = stopKey(ctx.params.stopId);
    const row = await db.transaction((tx) => removeTransitStop(tx, entityId, key, actor));
    deps.outbox.notify();
    ctx.body = presentTransitStop(row);
  });

  router.get('/transit/search-stops', requireUser, async (ctx) => {
    const { q } = parse(stopSearchQuerySchema, { q: ctx.query.q });
    const cacheKey = cacheKeys.stopSearch(config.redisPrefix, q);
    // The cache is an optimization: with Redis down the search still goes to Entur.
    const cached = await redis.get(cacheKey).catch(() => null);
    if (cached) {
      ctx.body = JSON.parse(cached) as StopSearchResult[];
      return;
    }
    let results: StopSearchResult[];
    try {
      results = await searchStops(config.entur, q, SEARCH_SIZE);
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message }, 'stop search failed');
      throw new AppError(502, 'upstream_failed', 'Failed to search for transit stops');
    }
    await redis.set(cacheKey, JSON.stringify(results), 'EX', STOP_SEARCH_TTL_SECONDS).catch(() => undefined);
    ctx.body = results;
  });

  return router;
}
