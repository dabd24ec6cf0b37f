import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Entity } from '../../../api/entities.api';
import { EntityIcon } from '../../../components/icons';
import { OnlineBadge } from '../../../components/online-badge';
import { useEntities } from '../../../state/entities';
import { childrenOf } from '../../../state/entities.reducer';

export function ChildList({ entity }: { entity: Entity }) {
  const { t } = useTranslation('entity');
  const state = useEntities();
  const kids = childrenOf(state.byId, entity.id);
  if (kids.length === 0) return <p className="text-sm text-slate-500">{t('children.empty')}</p>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="child-list">
      {kids.map((k) => (
        <li
          key={k.id}
          className={`flex items-center gap-2 py-2 ${state.highlight[k.id] ? 'row-highlight' : ''}`}
        >
          <EntityIcon type={k.type} />
          <Link
            to={`/entities/${k.id}`}
            className="font-medium text-slate-800 hover:text-primary-700 hover:underline"
          >
            {k.name}
          </Link>
          <span className="text-xs text-slate-500">{t(`common:entityTypes.${k.type}`)}</span>
          {k.type === 'display' && <OnlineBadge entity={k} />}
        </li>
      ))}
    </ul>
  );
}
