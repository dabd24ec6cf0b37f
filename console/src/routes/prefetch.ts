import { queryClient } from '../api/query-client';
import { TAB_CHUNKS } from '../pages/entity/entity-tabs';
import { entitiesQuery } from '../state/entities';
import { loadProfile } from '../state/profile';
import { tokenAtom } from '../state/session';
import { store } from '../state/store';

/**
 * A signed-in cold load used to run in series: install status → frame chunk → entity list → page
 * chunk → page data, each waiting for the one before. With a stored token none of these depend on
 * each other, so they start together at boot; the route guards and lazy pages then find the
 * chunks in the browser's module map and the list in the query cache (a query shares the request
 * in flight). Without a token nothing is fetched: the login page needs none of it.
 */
export function prefetchForBoot(path: string): void {
  if (!store.get(tokenAtom)) return;
  void queryClient.prefetchQuery(entitiesQuery);
  void loadProfile();
  void import('../components/app-frame/app-frame');
  if (path === '/' || path.startsWith('/entities')) void import('../pages/entities/entities-page');
  const tab = /^\/entities\/\d+(?:\/([a-z-]+))?/.exec(path);
  if (!tab) return;
  void import('../pages/entity/entity-frame');
  const load = (TAB_CHUNKS as Record<string, () => Promise<unknown>>)[tab[1] ?? 'general'];
  if (load) void load();
}
