import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import type { Entity } from '../../api/entities.api';
import { useContextEntity, useEntities } from '../../state/entities';
import { childrenOf, rootsOf } from '../../state/entities.reducer';
import { useIsAdmin } from '../../state/permissions';
import { EntityIcon, Icon } from '../icons';

/**
 * The drawer is navigation, on every page: a parent shows its first children and a link to the
 * whole list (the virtualized entity tree) instead of rendering 10,000 links on each page.
 */
const DRAWER_CHILDREN = 50;

function DrawerNode({
  entity,
  byId,
  depth,
}: {
  entity: Entity;
  byId: Record<number, Entity>;
  depth: number;
}) {
  const { t } = useTranslation();
  const kids = childrenOf(byId, entity.id);
  const [open, setOpen] = useState(depth < 1);
  return (
    <li>
      <div className="flex items-center" style={{ paddingLeft: depth * 12 }}>
        {kids.length > 0 ? (
          <button
            type="button"
            className="rounded p-0.5 text-slate-500 hover:bg-slate-200"
            aria-label={entity.name}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            <Icon name={open ? 'expand_more' : 'chevron_right'} className="size-4" />
          </button>
        ) : (
          <span className="inline-block w-5" />
        )}
        <NavLink
          to={`/entities/${entity.id}`}
          className={({ isActive }) =>
            `flex min-w-0 flex-1 items-center gap-2 rounded px-2 py-1.5 text-sm ${isActive ? 'bg-primary-50 font-semibold text-primary-800' : 'text-slate-700 hover:bg-slate-100'}`
          }
        >
          <EntityIcon type={entity.type} className="size-4 shrink-0 text-slate-500" />
          <span className="truncate">{entity.name}</span>
        </NavLink>
      </div>
      {open && kids.length > 0 && (
        <ul>
          {kids.slice(0, DRAWER_CHILDREN).map((k) => (
            <DrawerNode key={k.id} entity={k} byId={byId} depth={depth + 1} />
          ))}
          {kids.length > DRAWER_CHILDREN && (
            <li style={{ paddingLeft: (depth + 1) * 12 + 20 }}>
              <Link
                to={`/entities?root=${entity.id}`}
                className="block rounded px-2 py-1.5 text-sm text-primary-700 underline hover:bg-slate-100"
              >
                {t('frame.showAllChildren', { count: kids.length })}
              </Link>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

/** The entity navigation: the admin's context organization, or every top entity of the user. */
export function EntityDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { byId } = useEntities();
  const context = useContextEntity();
  const isAdmin = useIsAdmin();
  const tops = isAdmin && context ? [context] : rootsOf(byId);
  return (
    <>
      {open && (
        <div className="fixed inset-0 z-20 bg-slate-900/30 lg:hidden" onClick={onClose} aria-hidden="true" />
      )}
      <nav
        aria-label={t('frame.entities')}
        className={`fixed inset-y-0 left-0 z-20 w-72 overflow-y-auto border-r border-slate-200 bg-white pt-16 pb-4 transition-transform lg:sticky lg:top-14 lg:z-0 lg:h-[calc(100dvh-3.5rem)] lg:translate-x-0 lg:pt-3 ${
          open ? 'translate-x-0' : 'invisible -translate-x-full lg:visible'
        }`}
      >
        <NavLink
          to="/entities"
          end
          className={({ isActive }) =>
            `mx-2 mb-2 flex items-center gap-2 rounded px-2 py-2 text-sm font-medium ${isActive ? 'bg-primary-50 text-primary-800' : 'text-slate-800 hover:bg-slate-100'}`
          }
        >
          <Icon name="account_tree" className="size-4" /> {t('frame.allEntities')}
        </NavLink>
        <ul className="px-2">
          {tops.map((e) => (
            <DrawerNode key={e.id} entity={e} byId={byId} depth={0} />
          ))}
        </ul>
      </nav>
    </>
  );
}
