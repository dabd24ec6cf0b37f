import { contract } from '@oppslag/common/contract/index.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../api/entities.api';
import { queryClient } from '../../../api/query-client';
import { call } from '../../../api/typed-client';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';

const stopListKey = (entityId: number) => ['smsOptOuts', entityId] as const;

/**
 * The organization's STOP list (issue 28 item 9): residents' numbers that sent STOP, masked (the
 * board needs to recognise one, not to read it), each with a button that lifts it, so the resident
 * gets replies again (as if they had sent START). Shown to those who may edit the organization;
 * the API answers 404 to anyone who may not see its residents' data, and the card then stays away.
 */
export function SmsStopCard({ entity }: { entity: Entity }) {
  const { t } = useTranslation('entity');
  const [lifting, setLifting] = useState<string | null>(null);
  const query = useQuery(
    {
      queryKey: stopListKey(entity.id),
      queryFn: () => call(contract.privacy.optOuts, { params: { id: entity.id } }),
      retry: false,
    },
    queryClient,
  );
  if (!query.data) return null;
  const lift = async (ref: string) => {
    setLifting(ref);
    try {
      await call(contract.privacy.liftOptOut, { params: { id: entity.id, ref } });
      await queryClient.invalidateQueries({ queryKey: stopListKey(entity.id) });
    } finally {
      setLifting(null);
    }
  };
  return (
    <Card title={t('settings.smsStop.title')}>
      <div className="flex flex-col gap-3 text-sm" data-testid="sms-stop-list">
        <p className="text-slate-600">{t('settings.smsStop.hint')}</p>
        {query.data.length === 0 ? (
          <p className="text-slate-600">{t('settings.smsStop.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {query.data.map((stop) => (
              <li key={stop.ref} className="flex items-center justify-between gap-2 py-2">
                <span className="font-mono">{stop.number}</span>
                <span className="text-slate-500">{new Date(stop.optedOutAt).toLocaleDateString()}</span>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={lifting !== null}
                  onClick={() => lift(stop.ref)}
                  aria-label={t('settings.smsStop.liftNumber', { number: stop.number })}
                >
                  {t('settings.smsStop.lift')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
