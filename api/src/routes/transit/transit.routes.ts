import Router from '@koa/router';
import { cacheKeys, type StopSearchResult, stopSearchResultSchema, transitContract } from '@oppslag/common';
import { messageOf } from '@oppslag/common/thrown.ts';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { mountContract } from '../../http/define-handler';
import { searchStops } from '../../lib/entur-geocoder';
import type { DisplayState } from '../../middleware/display-auth';
import { presentAppliedTransitStop, presentTransitStop } from '../../presenters/transit-stop.presenter';
import { spend } from '../../services/route-limits';
import {
  addTransitStop,
  listAppliedTransitStops,
  listTransitStops,
  removeTransitStop,
} from '../../services/transit-stop.service';

/** Stop names change rarely; an hour keeps typing in the search box off Entur's rate limits. */
export const STOP_SEARCH_TTL_SECONDS = 3600;
const SEARCH_SIZE = 20;
/** The results as the cache holds them (JSON of a search's answer). */
const cachedResults = z.array(stopSearchResultSchema);

/** Transit stops of an entity (read to list, edit_entity to change) and the stop search. */
export function transitRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const { redis, config } = deps;

  mountContract(router, deps, transitContract, {
    list: async ({ params, query }) =>
      query.includeInherited
        ? (await listAppliedTransitStops(deps.database.db, params.id)).map(presentAppliedTransitStop)
        : (await listTransitStops(deps.database.db, params.id)).map(presentTransitStop),
    add: async ({ params, body, actor, uow }) =>
      presentTransitStop(await uow((tx) => addTransitStop(tx, params.id, body, actor))),
    remove: async ({ params, actor, uow }) =>
      presentTransitStop(await uow((tx) => removeTransitStop(tx, params.id, params.stopId, actor))),
    search: async ({ query: { q }, actor, ctx }) => {
      await spend(ctx, deps, [{ budget: 'stopSearch', key: actor.id }]);
      const cacheKey = cacheKeys.stopSearch(config.redisPrefix, q);
      // The cache is an optimization: with Redis down the search still goes to Entur.
      const cached = await redis.get(cacheKey).catch(() => null);
      // What does not read as results (written by another version) counts as a miss.
      const hit = cached ? cachedResults.safeParse(JSON.parse(cached)) : undefined;
      if (hit?.success) return hit.data;
      let results: StopSearchResult[];
      try {
        results = await searchStops(config.entur, q, SEARCH_SIZE);
      } catch (err) {
        deps.logger.warn({ err: messageOf(err) }, 'stop search failed');
        throw new AppError('upstream_failed', 'Failed to search for transit stops');
      }
      await redis
        .set(cacheKey, JSON.stringify(results), 'EX', STOP_SEARCH_TTL_SECONDS)
        .catch(() => undefined);
      return results;
    },
  });
  return router;
}
