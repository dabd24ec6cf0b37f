import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EntityBreadcrumbs } from '../../components/breadcrumbs';
import { Button } from '../../components/button';
import { Alert, Card, Spinner } from '../../components/card';
import { Icon } from '../../components/icons';
import { loadEntities, useContextEntity, useEntities, useEntitiesFailed } from '../../state/entities';
import { descendantIds, rootsOf } from '../../state/entities.reducer';
import { useIsAdmin } from '../../state/permissions';
import { EntityTree } from './entity-tree';
import { MyDisplays } from './my-displays';
import { NewEntityDialog } from './new-entity-dialog';

/**
 * The entity list and tree. `?root=<id>` focuses a subtree (the breadcrumbs lead back up); an
 * admin otherwise sees the organization picked in the context switcher.
 */
export default function EntitiesPage() {
  const { t } = useTranslation('entities');
  const state = useEntities();
  const failed = useEntitiesFailed();
  const context = useContextEntity();
  const isAdmin = useIsAdmin();
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<{ open: boolean; parentId: number | null }>({
    open: false,
    parentId: null,
  });

  const focusId = Number.parseInt(params.get('root') ?? '', 10);
  const focus = Number.isInteger(focusId) ? state.byId[focusId] : undefined;
  const top = focus ?? (isAdmin ? context : null);
  // Computed once per change of the tree, not per render: at 10,000 entities these walks count.
  const roots = useMemo(() => (top ? [top] : rootsOf(state.byId)), [top, state.byId]);
  const inScope = useMemo(
    () =>
      (top
        ? [top, ...descendantIds(state.byId, top.id).map((id) => state.byId[id])]
        : Object.values(state.byId)
      ).filter(Boolean),
    [top, state.byId],
  );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t('title')}</h1>
          <EntityBreadcrumbs entityId={top?.id ?? null} linkLast />
        </div>
        {isAdmin && (
          <Button onClick={() => setDialog({ open: true, parentId: top?.id ?? null })}>
            <Icon name="add" className="size-4" /> {t('new.button')}
          </Button>
        )}
      </div>
      {failed && (
        <Alert kind="error">
          {t('errors.fetch')}{' '}
          <button type="button" className="underline" onClick={() => loadEntities()}>
            {t('common:actions.retry')}
          </button>
        </Alert>
      )}
      <Card>
        {!state.loaded && !failed ? (
          <Spinner size={40} />
        ) : roots.length === 0 ? (
          <p className="text-sm text-slate-500">{t('tree.none')}</p>
        ) : (
          <EntityTree
            key={roots.map((r) => r.id).join(',')}
            roots={roots}
            onAddChild={(parentId) => setDialog({ open: true, parentId })}
          />
        )}
      </Card>
      {isAdmin && state.loaded && <MyDisplays entities={inScope} />}
      <NewEntityDialog
        open={dialog.open}
        parentId={dialog.parentId}
        onClose={() => setDialog({ open: false, parentId: null })}
      />
    </div>
  );
}
