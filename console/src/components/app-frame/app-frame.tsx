import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { queryClient } from '../../api/query-client';
import { connectRealtime } from '../../realtime/socket';
import { entitiesQuery } from '../../state/entities';
import { loadProfile } from '../../state/profile';
import { tokenAtom } from '../../state/session';
import { Icon } from '../icons';
import { Logo } from '../logo';
import { ContextSwitcher } from './context-switcher';
import { DevToolbar } from './dev-toolbar';
import { EntityDrawer } from './entity-drawer';
import { UserMenu } from './user-menu';

/**
 * The signed-in frame (its routes' `<Outlet />`, or `children` for a path no route knows): app bar (drawer toggle, Entities link, context switcher, user menu), the
 * entity drawer (permanent on wide screens, a slide-over on phones) and the dev toolbar.
 */
export default function AppFrame({ children }: { children?: ReactNode } = {}) {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  useEffect(() => {
    if (!token) return;
    void queryClient.prefetchQuery(entitiesQuery);
    void loadProfile();
    connectRealtime(token);
  }, [token]);

  // Following a link in the slide-over closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2"
      >
        {t('frame.skipToContent')}
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 bg-primary-700 px-2 text-white shadow sm:px-4">
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-full hover:bg-primary-800 lg:hidden"
          aria-label={t('frame.openDrawer')}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen((o) => !o)}
        >
          <Icon name="menu" />
        </button>
        <Link to="/entities" className="mr-2 hidden sm:block" aria-label="Oppslag">
          <Logo light />
        </Link>
        <Link to="/entities" className="rounded px-2 py-1 text-sm font-medium hover:bg-primary-800">
          {t('frame.entities')}
        </Link>
        <div className="ml-auto flex min-w-0 items-center gap-2">
          <ContextSwitcher />
          <UserMenu />
        </div>
      </header>
      <div className="flex flex-1">
        <EntityDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        <main id="main" className="min-w-0 flex-1 p-3 sm:p-6">
          {children ?? <Outlet />}
        </main>
      </div>
      <DevToolbar />
    </div>
  );
}
