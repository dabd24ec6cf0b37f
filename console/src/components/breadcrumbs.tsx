import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useEntities } from '../state/entities';
import { ancestry } from '../state/entities.reducer';

/** "Entities › Parent › … › Current": each ancestor by name, linking to its details. */
export function EntityBreadcrumbs({
  entityId,
  linkLast = false,
}: {
  entityId: number | null;
  linkLast?: boolean;
}) {
  const { t } = useTranslation();
  const { byId } = useEntities();
  const chain =
    entityId == null
      ? []
      : ancestry(byId, entityId)
          .reverse()
          .map((id) => byId[id]);
  return (
    <nav aria-label={t('frame.breadcrumbs')} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/entities" className="hover:text-primary-700 hover:underline">
            {t('frame.entities')}
          </Link>
        </li>
        {chain.map((e, i) => (
          <li key={e.id} className="flex items-center gap-1">
            <span aria-hidden="true">›</span>
            {i === chain.length - 1 && !linkLast ? (
              <span aria-current="page" className="font-medium text-slate-800">
                {e.name}
              </span>
            ) : (
              <Link to={`/entities/${e.id}`} className="hover:text-primary-700 hover:underline">
                {e.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
