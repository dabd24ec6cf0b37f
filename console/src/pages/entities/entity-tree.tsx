import { canHaveChildren } from '@oppslag/common/constants.ts';
import { contract } from '@oppslag/common/contract/index.ts';
import { type DragEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Entity } from '../../api/entities.api';
import { errorMessages } from '../../api/error-messages';
import { call } from '../../api/typed-client';
import { IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EntityIcon, Icon } from '../../components/icons';
import { OnlineBadge } from '../../components/online-badge';
import { useWindowRows } from '../../components/window-rows';
import { storeEntity, useEntities } from '../../state/entities';
import { canMoveTo } from '../../state/entities.reducer';
import { useCan, useIsAdmin } from '../../state/permissions';
import { showSnackbar } from '../../state/snackbar';
import { treeRows } from './tree-rows';

const DRAG_TYPE = 'application/x-oppslag-entity';

interface LineProps {
  entity: Entity;
  depth: number;
  open: boolean;
  toggle: (id: number) => void;
  onAddChild: (parentId: number) => void;
}

/** One entity's line of the tree: expand toggle, drag handle, link, type, presence, add child. */
function TreeLine({ entity, depth, open, toggle, onAddChild }: LineProps) {
  const { t } = useTranslation('entities');
  const state = useEntities();
  const isAdmin = useIsAdmin();
  const mayCreate = useCan(entity.id, 'create_entity');
  const [dropActive, setDropActive] = useState(false);
  const parentType = canHaveChildren(entity.type);
  const highlight = state.highlight[entity.id];

  const onDragStart = (e: DragEvent) => {
    e.dataTransfer.setData(DRAG_TYPE, String(entity.id));
    e.dataTransfer.effectAllowed = 'move';
  };
  const draggedId = (e: DragEvent) => Number.parseInt(e.dataTransfer.getData(DRAG_TYPE), 10);
  const onDragOver = (e: DragEvent) => {
    if (!isAdmin || !parentType || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    setDropActive(true);
  };
  // A drop only proposes the move: moving a subtree changes what its screens show and who may edit
  // them, and a drag can land one row off, so it is confirmed first and reported after.
  const [moving, setMoving] = useState<Entity | null>(null);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDropActive(false);
    const id = draggedId(e);
    if (!Number.isInteger(id) || !canMoveTo(state.byId, id, entity.id)) return;
    setMoving(state.byId[id] ?? null);
  };
  const move = async () => {
    const target = moving;
    setMoving(null);
    if (!target) return;
    try {
      // Moving an entity under a droppable parent updates its parentId (spec §4).
      storeEntity(
        await call(contract.entities.update, { params: { id: target.id }, body: { parentId: entity.id } }),
        'updated',
      );
      if (!open) toggle(entity.id);
      showSnackbar('success', t('tree.moved', { name: target.name, target: entity.name }));
    } catch (err) {
      const { formMessage } = errorMessages(err, t, { failed: t('errors.update', { id: target.id }) });
      showSnackbar('error', formMessage);
    }
  };

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: drag and drop is a mouse shortcut; the parent can also be changed in the entity settings */}
      <div
        className={`group flex items-center gap-1 rounded-md py-1 pr-2 ${dropActive ? 'bg-primary-100 ring-2 ring-primary-500' : 'hover:bg-slate-50'} ${highlight ? 'row-highlight' : ''}`}
        style={{ paddingLeft: 4 + depth * 20 }}
        draggable={isAdmin && entity.parentId !== null}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragLeave={() => setDropActive(false)}
        onDrop={onDrop}
      >
        {parentType ? (
          <IconButton
            label={open ? t('tree.collapse', { name: entity.name }) : t('tree.expand', { name: entity.name })}
            aria-expanded={open}
            onClick={() => toggle(entity.id)}
            className="size-8"
          >
            <Icon name={open ? 'expand_more' : 'chevron_right'} />
          </IconButton>
        ) : (
          <span className="inline-block w-8" />
        )}
        {isAdmin && entity.parentId !== null && (
          <Icon name="drag_indicator" className="size-4 cursor-grab text-slate-400" aria-hidden="true" />
        )}
        <EntityIcon type={entity.type} />
        <Link
          to={`/entities/${entity.id}`}
          className="min-w-0 truncate font-medium text-slate-800 hover:text-primary-700 hover:underline"
        >
          {entity.name}
        </Link>
        <span className="hidden text-xs text-slate-500 sm:inline">
          {t(`common:entityTypes.${entity.type}`)}
        </span>
        {entity.type === 'display' && <OnlineBadge entity={entity} />}
        {parentType && mayCreate && (
          <IconButton
            label={t('tree.addChild', { name: entity.name })}
            onClick={() => onAddChild(entity.id)}
            className="ml-auto size-8"
          >
            <Icon name="add" />
          </IconButton>
        )}
      </div>
      {moving && (
        <ConfirmDialog
          open
          title={t('tree.moveTitle')}
          confirmLabel={t('tree.moveConfirm')}
          onConfirm={move}
          onCancel={() => setMoving(null)}
        >
          {t('tree.moveText', { name: moving.name, target: entity.name })}
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * The expandable entity tree; admins can drag an entity onto a new parent. The open tree is
 * flattened into lines (tree-rows.ts) and only the lines near the window are rendered, so a tree
 * of 10,000 entities scrolls like a short one; each line keeps its place among its siblings for
 * screen readers (aria-posinset/-setsize), and its controls stay in the Tab order as the page
 * scrolls.
 */
export function EntityTree({
  roots,
  onAddChild,
}: {
  roots: Entity[];
  onAddChild: (parentId: number) => void;
}) {
  const { t } = useTranslation('entities');
  const { byId } = useEntities();
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set(roots.map((r) => r.id)));
  const toggle = useCallback(
    (id: number) =>
      setExpanded((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const lines = useMemo(() => treeRows(byId, roots, expanded), [byId, roots, expanded]);
  const { list, rows, before, after, measure } = useWindowRows<HTMLUListElement>(lines.length, 42);
  return (
    <ul
      ref={list}
      aria-label={t('title')}
      className="flex flex-col"
      style={{ paddingTop: before, paddingBottom: after }}
      data-testid="entity-tree"
    >
      {rows.map((row) => {
        const line = lines[row.index];
        if (line.kind === 'empty')
          return (
            <li
              key={`empty-${line.parentId}`}
              ref={measure}
              data-index={row.index}
              className="py-1 text-sm text-slate-500 italic"
              style={{ paddingLeft: 40 + line.depth * 20 }}
            >
              {t('tree.groupEmpty')}
            </li>
          );
        return (
          <li
            key={line.entity.id}
            ref={measure}
            data-index={row.index}
            data-entity-id={line.entity.id}
            aria-posinset={line.position}
            aria-setsize={line.siblings}
          >
            <TreeLine
              entity={line.entity}
              depth={line.depth}
              open={expanded.has(line.entity.id)}
              toggle={toggle}
              onAddChild={onAddChild}
            />
          </li>
        );
      })}
    </ul>
  );
}
