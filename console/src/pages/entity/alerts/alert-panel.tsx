import { alertText } from '@oppslag/common/alerts.ts';
import { contract } from '@oppslag/common/contract/index.ts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alert } from '../../../api/alerts.api';
import type { Entity } from '../../../api/entities.api';
import { alertsQuery } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import { queryKeys } from '../../../api/query-keys';
import { call } from '../../../api/typed-client';
import { Button } from '../../../components/button';
import { formatDateTime } from '../../../lib/dates';
import { useCan } from '../../../state/permissions';
import { showSnackbar } from '../../../state/snackbar';
import { AlertDialog } from './alert-dialog';

/** One alert in force, with "Alt i orden" for whoever may clear it on its own entity. */
function AlertRow({ alert, onCleared }: { alert: Alert; onCleared: () => void }) {
  const { t, i18n } = useTranslation('alerts');
  const mayClear = useCan(alert.entityId, 'edit_entity');
  const [busy, setBusy] = useState(false);
  const { title, text } = alertText(alert, i18n.language === 'en' ? 'en' : 'no');
  const clear = async () => {
    setBusy(true);
    try {
      await call(contract.alerts.clear, { params: { id: alert.entityId, alertId: alert.id } });
      showSnackbar('success', t('cleared'));
      onCleared();
    } catch {
      showSnackbar('error', t('clearFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-md border-2 border-red-700 bg-red-50 px-4 py-3"
      data-testid="active-alert"
    >
      <div className="min-w-0 flex-1">
        <p className="font-bold text-red-900">{title}</p>
        {text && <p className="text-sm text-red-900">{text}</p>}
        <p className="text-xs text-slate-600">
          {alert.expiresAt
            ? t('until', { time: formatDateTime(alert.expiresAt, i18n.language) })
            : t('untilClearedShort')}
        </p>
      </div>
      {mayClear && (
        <Button onClick={clear} disabled={busy} className="bg-[#00632a] hover:bg-[#004f21]">
          {t('allClear')}
        </Button>
      )}
    </li>
  );
}

/**
 * The entity page's alert area: the big "Akuttvarsel" button for owners and administrators (and
 * the superadmin), and the alerts in force here, inherited ones included.
 */
export function AlertPanel({ entity }: { entity: Entity }) {
  const { t } = useTranslation('alerts');
  const mayRaise = useCan(entity.id, 'edit_entity') && entity.type !== 'system';
  const alerts = useQuery(alertsQuery(entity.id), queryClient).data ?? [];
  const [open, setOpen] = useState(false);
  // Raised and cleared alerts come as events (realtime/query-events.ts); a change made here refetches.
  const load = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.alerts(entity.id), exact: true }),
    [entity.id],
  );
  if (!mayRaise && alerts.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-label={t('sectionLabel')} data-testid="alert-panel">
      {mayRaise && (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="flex w-full items-center justify-center gap-3 rounded-lg bg-red-700 px-6 py-4 text-xl font-extrabold tracking-wide text-white uppercase shadow-md hover:bg-red-800 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-red-400 sm:w-auto sm:self-start"
          data-testid="raise-alert"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7">
            <path
              fillRule="evenodd"
              d="M12 2 23 21H1zM10.8 9h2.4v6h-2.4zM10.8 16.5h2.4v2.4h-2.4z"
              fill="currentColor"
            />
          </svg>
          {t('button')}
        </button>
      )}
      {alerts.length > 0 && (
        <ul className="flex flex-col gap-2">
          {alerts.map((alert) => (
            <AlertRow key={alert.id} alert={alert} onCleared={load} />
          ))}
        </ul>
      )}
      {mayRaise && (
        <AlertDialog entityId={entity.id} open={open} onClose={() => setOpen(false)} onRaised={load} />
      )}
    </section>
  );
}
