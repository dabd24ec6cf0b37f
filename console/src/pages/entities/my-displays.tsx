import { isOneOf } from '@oppslag/common/one-of.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Entity } from '../../api/entities.api';
import { Card } from '../../components/card';
import { SelectField } from '../../components/field';
import { EntityIcon } from '../../components/icons';
import { OnlineBadge } from '../../components/online-badge';
import { useWindowRows } from '../../components/window-rows';

const collator = new Intl.Collator('nb');
const TYPE_ORDER: Record<string, number> = { system: 0, organization: 1, group: 2, display: 3 };

/** The orders the list offers. */
const SORTS = ['name', 'type'] as const;
export function sortEntities(list: readonly Entity[], by: 'name' | 'type'): Entity[] {
  const byName = (a: Entity, b: Entity) => collator.compare(a.name, b.name);
  return [...list].sort(
    by === 'name' ? byName : (a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || byName(a, b),
  );
}

/** 'My displays' (admins): the entities in context as a flat list sortable by name or type. */
export function MyDisplays({ entities }: { entities: Entity[] }) {
  const { t } = useTranslation('entities');
  const [sort, setSort] = useState<(typeof SORTS)[number]>('name');
  const sorted = useMemo(() => sortEntities(entities, sort), [entities, sort]);
  // Every entity in context (10,000 for a large installation): only rows near the window render.
  const { list, rows, before, after, measure } = useWindowRows<HTMLUListElement>(sorted.length, 41);
  return (
    <Card
      title={t('myDisplays.title')}
      actions={
        <SelectField
          label={t('myDisplays.sortBy')}
          value={sort}
          onChange={(e) => isOneOf(SORTS, e.target.value) && setSort(e.target.value)}
          className="flex-row items-center gap-2"
        >
          <option value="name">{t('myDisplays.byName')}</option>
          <option value="type">{t('myDisplays.byType')}</option>
        </SelectField>
      }
    >
      {entities.length === 0 ? (
        <p className="text-sm text-slate-500">{t('myDisplays.empty')}</p>
      ) : (
        <ul
          ref={list}
          className="divide-y divide-slate-100"
          data-testid="my-displays"
          style={{ paddingTop: before, paddingBottom: after }}
        >
          {rows
            .map(({ index }) => ({ index, e: sorted[index] }))
            .map(({ index, e }) => (
              <li
                key={e.id}
                ref={measure}
                data-index={index}
                aria-posinset={index + 1}
                aria-setsize={sorted.length}
                className="flex items-center gap-2 py-2"
              >
                <EntityIcon type={e.type} />
                <Link
                  to={`/entities/${e.id}`}
                  className="font-medium text-slate-800 hover:text-primary-700 hover:underline"
                >
                  {e.name}
                </Link>
                <span className="text-xs text-slate-500">{t(`common:entityTypes.${e.type}`)}</span>
                {e.type === 'display' && <OnlineBadge entity={e} />}
              </li>
            ))}
        </ul>
      )}
    </Card>
  );
}
