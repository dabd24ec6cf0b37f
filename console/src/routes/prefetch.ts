import { loadEntities } from '../state/entities';
import { loadProfile } from '../state/profile';
import { tokenAtom } from '../state/session';
import { store } from '../state/store';

/**
 * A signed-in cold load used to run in series: install status → frame chunk → entity list → page
 * chunk → page data, each waiting for the one before. With a stored token none of these depend on
 * each other, so they start together at boot; the route guards and lazy pages then find the
 * chunks in the browser's module map and the list in the store (loadEntities shares an in-flight
 * request). Without a token nothing is fetched: the login page needs none of it.
 */
export function prefetchForBoot(path: string): void {
  if (!store.get(tokenAtom)) return;
  void loadEntities();
  void loadProfile();
  void import('../components/app-frame/app-frame');
  if (path === '/' || path.startsWith('/entities')) void import('../pages/entities/entities-page');
  const tab = /^\/entities\/\d+(?:\/([a-z-]+))?/.exec(path);
  if (!tab) return;
  void import('../pages/entity/entity-frame');
  const load = TAB_CHUNKS[tab[1] ?? 'general'];
  if (load) void load();
}

/** The tab chunks worth starting early (the same modules entity-tabs.tsx loads lazily). */
const TAB_CHUNKS: Record<string, () => Promise<unknown>> = {
  general: () => import('../pages/entity/general/general-tab'),
  settings: () => import('../pages/entity/settings/settings-tab'),
  members: () => import('../pages/entity/members/members-tab'),
  notes: () => import('../pages/notes/notes-tab'),
  children: () => import('../pages/entity/children/children-tab'),
  services: () => import('../pages/entity/services/services-tab'),
  content: () => import('../pages/content/content-page'),
};
