import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { servicesQuery } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import { Alert, Card, Spinner } from '../../../components/card';
import { useEntity } from '../entity-frame';

/** The services view of an entity (GET content/{entityId}/service). */
export default function ServicesTab() {
  const { t } = useTranslation('entity');
  const entity = useEntity();
  const query = useQuery(servicesQuery(entity.id), queryClient);
  const services = query.data ?? null;
  const failed = query.isError;
  return (
    <Card title={t('services.title')}>
      {failed ? (
        <Alert kind="error">{t('errors.services')}</Alert>
      ) : !services ? (
        <Spinner size={40} />
      ) : services.length === 0 ? (
        <p className="text-sm text-slate-500">{t('services.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {services.map((s) => (
            <li key={s.name} className="flex items-center justify-between py-2 text-sm">
              <span className="font-medium text-slate-800">
                {t(`services.names.${s.name}`, { defaultValue: s.name })}
              </span>
              {typeof s.enabled === 'boolean' && (
                <span className={s.enabled ? 'text-primary-700' : 'text-slate-500'}>
                  {s.enabled ? t('services.on') : t('services.off')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
