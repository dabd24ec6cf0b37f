import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useOutletContext, useParams } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import type { Entity } from '../../api/entities.api';
import { queryClient } from '../../api/query-client';
import { EntityBreadcrumbs } from '../../components/breadcrumbs';
import { Spinner } from '../../components/card';
import { EntityIcon, Icon } from '../../components/icons';
import { OnlineBadge } from '../../components/online-badge';
import { linkedEntityQuery, useEntities } from '../../state/entities';
import { useIsAdmin } from '../../state/permissions';
import ClientNotFoundPage from '../errors/client-not-found-page';
import { AlertPanel } from './alerts/alert-panel';
import { ENTITY_TABS } from './entity-tabs';

/** Tabs read the entity through the outlet context. */
export function useEntity(): Entity {
  return useOutletContext<{ entity: Entity }>().entity;
}

/** Entity details: header (type icon, title, breadcrumbs), side navigation and the active tab. */
export default function EntityFrame() {
  const { t } = useTranslation('entity');
  const { id: rawId } = useParams();
  const id = Number.parseInt(rawId ?? '', 10);
  const state = useEntities();
  const isAdmin = useIsAdmin();
  const entity = state.byId[id];
  const { pathname } = useLocation();
  const strip = useRef<HTMLUListElement>(null);

  // On a phone the tabs are one scrolling row: bring the active tab into view (centred) whenever the
  // path changes, or a deep link to a late tab shows a row of other tabs and no sign of where one is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on navigation and once the entity is there
  useEffect(() => {
    const ul = strip.current;
    const active = ul?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!ul || !active || ul.scrollWidth <= ul.clientWidth) return;
    ul.scrollLeft = active.offsetLeft - (ul.clientWidth - active.offsetWidth) / 2;
  }, [pathname, entity?.id]);

  // An entity outside the loaded list (e.g. opened by link) is fetched on its own.
  const linked = useQuery(
    { ...linkedEntityQuery(id), enabled: Number.isInteger(id) && !entity && state.loaded },
    queryClient,
  );
  const err = linked.error;
  const missing = err instanceof ApiError && (err.status === 404 || err.status === 403);

  if (!Number.isInteger(id) || missing) return <ClientNotFoundPage />;
  if (!entity) return <Spinner size={48} />;

  const tabs = ENTITY_TABS.filter((tab) => !tab.navHidden && (tab.visible?.({ entity, isAdmin }) ?? true));

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <header className="flex flex-col gap-1">
        <EntityBreadcrumbs entityId={entity.id} />
        <div className="flex flex-wrap items-center gap-2">
          <EntityIcon type={entity.type} className="size-7 text-primary-700" />
          <h1 className="text-2xl font-semibold text-slate-900">{entity.name}</h1>
          <span className="rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-700">
            {t(`common:entityTypes.${entity.type}`)}
          </span>
          {entity.type === 'display' && <OnlineBadge entity={entity} />}
        </div>
      </header>
      <AlertPanel key={entity.id} entity={entity} />
      <div className="flex flex-col gap-4 md:flex-row">
        <nav aria-label={t('tabs.label')} className="md:w-52 md:shrink-0">
          <ul
            ref={strip}
            className="relative -mx-3 flex gap-1 overflow-x-auto px-3 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0"
          >
            {tabs.map((tab) => (
              <li key={tab.link ?? tab.path} className="shrink-0">
                <NavLink
                  to={tab.link ?? tab.path}
                  className={({ isActive }) =>
                    `flex items-center gap-2 rounded-md px-3 py-2 text-sm whitespace-nowrap ${isActive ? 'bg-primary-700 font-medium text-white' : 'bg-white text-slate-700 hover:bg-slate-100 md:bg-transparent'}`
                  }
                >
                  <Icon name={tab.icon} className="size-4" />
                  {t(tab.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="min-w-0 flex-1">
          <Outlet context={{ entity }} />
        </section>
      </div>
    </div>
  );
}
