import { useTranslation } from 'react-i18next';
import { setEntityContext, useContextEntity, useEntities } from '../../state/entities';
import { useIsAdmin } from '../../state/permissions';

/** Admins choose the organization they work in; the choice is kept under localStorage 'entityId'. */
export function ContextSwitcher() {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const { byId } = useEntities();
  const context = useContextEntity();
  if (!isAdmin) return null;
  const organizations = Object.values(byId)
    .filter((e) => e.type === 'organization')
    .sort((a, b) => a.name.localeCompare(b.name, 'nb'));
  if (organizations.length === 0) return null;
  return (
    <label className="flex min-w-0 items-center gap-1 text-sm">
      <span className="sr-only">{t('frame.context')}</span>
      <select
        className="max-w-36 truncate rounded-md border border-primary-500 bg-primary-800 px-2 py-1.5 text-sm text-white sm:max-w-56"
        value={context?.id ?? ''}
        onChange={(e) => setEntityContext(Number.parseInt(e.target.value, 10))}
        data-testid="context-switcher"
      >
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}
