import { isContentSlot } from '@oppslag/common/feature-sets.ts';
import { alertsQuery, autoApproveNumbersQuery, contentQuery, notesQuery } from '../api/queries';
import { queryClient } from '../api/query-client';
import { TAB_CHUNKS } from '../pages/entity/entity-tabs';
import { entitiesQuery } from '../state/entities';
import { membersQuery } from '../state/members';
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
  const tab = /^\/entities\/(\d+)(?:\/([a-z-]+))?(?:\/([a-zA-Z]+))?/.exec(path);
  if (!tab) return;
  void import('../pages/entity/entity-frame');
  const name = tab[2] ?? 'general';
  const load = new Map<string, () => Promise<unknown>>(Object.entries(TAB_CHUNKS)).get(name);
  if (load) void load();
  // The tab's own data starts with its chunk, not after it: the page then finds it in the cache.
  prefetchTabData(Number(tab[1]), name, tab[3]);
}

/**
 * What an entity tab shows first, by tab name: the frame's alert panel on every tab, plus the
 * tab's list. Each query is the very one the page uses (same factory), so the page shares it.
 */
function prefetchTabData(entityId: number, tab: string, slot: string | undefined): void {
  void queryClient.prefetchQuery(alertsQuery(entityId));
  if (tab === 'notes') void queryClient.prefetchQuery(notesQuery(entityId));
  if (tab === 'members') {
    void queryClient.prefetchQuery(membersQuery(entityId));
    void queryClient.prefetchQuery(autoApproveNumbersQuery(entityId));
  }
  if (tab === 'content' && slot !== undefined && isContentSlot(slot))
    void queryClient.prefetchQuery(contentQuery(entityId, slot, false));
}
