import { canHaveChildren } from '@oppslag/common/constants.ts';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Entity, entitiesApi } from '../../api/entities.api';
import { errorMessages } from '../../api/error-messages';
import { IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EntityIcon, Icon } from '../../components/icons';
import { OnlineBadge } from '../../components/online-badge';
import { storeEntity, useEntities } from '../../state/entities';
import { canMoveTo, childrenOf } from '../../state/entities.reducer';
import { useCan, useIsAdmin } from '../../state/permissions';
import { showSnackbar } from '../../state/snackbar';

const DRAG_TYPE = 'application/x-oppslag-entity';

interface TreeProps {
  entity: Entity;
  depth: number;
  expanded: Set<number>;
  toggle: (id: number) => void;
  onAddChild: (parentId: number) => void;
}

function TreeNode({ entity, depth, expanded, toggle, onAddChild }: TreeProps) {
  const { t } = useTranslation('entities');
  const state = useEntities();
  const isAdmin = useIsAdmin();
  const mayCreate = useCan(entity.id, 'create_entity');
  const [dropActive, setDropActive] = useState(false);
  const kids = childrenOf(state.byId, entity.id);
  const parentType = canHaveChildren(entity.type);
  const open = expanded.has(entity.id);
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
      storeEntity(await entitiesApi.update(target.id, { parentId: entity.id }), 'updated');
      if (!open) toggle(entity.id);
      showSnackbar('success', t('tree.moved', { name: target.name, target: entity.name }));
    } catch (err) {
      const { formMessage } = errorMessages(err, t, { failed: t('errors.update', { id: target.id }) });
      showSnackbar('error', formMessage);
    }
  };

  return (
    <li data-entity-id={entity.id}>
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
      {parentType && open && (
        <ul>
          {kids.length === 0 ? (
            <li className="py-1 text-sm text-slate-500 italic" style={{ paddingLeft: 40 + (depth + 1) * 20 }}>
              {t('tree.groupEmpty')}
            </li>
          ) : (
            kids.map((k) => (
              <TreeNode
                key={k.id}
                entity={k}
                depth={depth + 1}
                expanded={expanded}
                toggle={toggle}
                onAddChild={onAddChild}
              />
            ))
          )}
        </ul>
      )}
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
    </li>
  );
}

/** The expandable entity tree; admins can drag an entity onto a new parent. */
export function EntityTree({
  roots,
  onAddChild,
}: {
  roots: Entity[];
  onAddChild: (parentId: number) => void;
}) {
  const { t } = useTranslation('entities');
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set(roots.map((r) => r.id)));
  const toggle = (id: number) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <ul aria-label={t('title')} className="flex flex-col">
      {roots.map((r) => (
        <TreeNode
          key={r.id}
          entity={r}
          depth={0}
          expanded={expanded}
          toggle={toggle}
          onAddChild={onAddChild}
        />
      ))}
    </ul>
  );
}
