import { contract } from '@oppslag/common/contract/index.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transitStopsQuery } from '../../../api/queries';
import type { TransitStop } from '../../../api/transit.api';
import { call } from '../../../api/typed-client';
import { Button, IconButton } from '../../../components/button';
import { Alert, Card, Spinner } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icons';
import { useLiveEntityList } from '../../../realtime/use-live-entity-list';
import { showSnackbar } from '../../../state/snackbar';
import { TransitStopDialog } from './transit-stops-dialog';

/**
 * Transit stop selector of the settings tab (content spec §2): the stops the entity's screens show,
 * its own and its ancestors' ("fra Solbakken borettslag", changed only up there).
 */
export function TransitStopsCard({ entityId, readOnly }: { entityId: number; readOnly: boolean }) {
  const { t } = useTranslation('transit');
  const { rows: stops, setRows: setStops, failed } = useLiveEntityList(transitStopsQuery(entityId));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TransitStop | null>(null);
  const [fresh, setFresh] = useState<number | null>(null);

  const remove = async () => {
    const stop = removing;
    setRemoving(null);
    if (!stop) return;
    try {
      await call(contract.transit.remove, { params: { id: entityId, stopId: stop.id } });
      showSnackbar('success', t('common:feedback.deleted'));
      setStops((list) => list?.filter((s) => s.id !== stop.id) ?? null);
    } catch {
      showSnackbar('error', t('errors.remove'));
    }
  };

  return (
    <Card
      title={t('title')}
      actions={
        !readOnly && (
          <Button onClick={() => setAdding(true)}>
            <Icon name="add" className="size-4" /> {t('add')}
          </Button>
        )
      }
    >
      {failed && <Alert kind="error">{t('errors.load')}</Alert>}
      {!stops && !failed ? (
        <Spinner size={40} />
      ) : stops?.length === 0 ? (
        <p className="text-sm text-slate-600">{t('empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="transit-stops">
          {stops?.map((stop) => (
            <li
              key={stop.id}
              className={`flex items-center justify-between gap-2 py-2 ${fresh === stop.id ? 'row-highlight' : ''}`}
            >
              <div className="min-w-0">
                {/* The stop's name only; its register id ("NSR:StopPlace:337") is a tooltip. */}
                <div className="truncate font-medium text-slate-800" title={stop.stopId}>
                  {stop.label}
                </div>
                {stop.inheritedFrom && (
                  <div className="text-xs text-slate-600" data-testid="transit-stop-inherited">
                    {t('inheritedFrom', { name: stop.inheritedFrom.name })}
                  </div>
                )}
              </div>
              {!readOnly && !stop.inheritedFrom && (
                <IconButton label={t('remove', { label: stop.label })} onClick={() => setRemoving(stop)}>
                  <Icon name="delete" />
                </IconButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <TransitStopDialog
        open={adding}
        onClose={() => setAdding(false)}
        onPick={async (hit) => {
          setAdding(false);
          try {
            const row = await call(contract.transit.add, {
              params: { id: entityId },
              body: {
                stopId: hit.stopId,
                label: hit.label,
                latitude: hit.latitude,
                longitude: hit.longitude,
              },
            });
            setStops((list) => [...(list ?? []).filter((s) => s.id !== row.id), row]);
            setFresh(row.id);
            setTimeout(() => setFresh((id) => (id === row.id ? null : id)), 4000);
          } catch {
            showSnackbar('error', t('errors.add'));
          }
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('removeTitle')}
        confirmLabel={t('removeConfirm')}
        danger
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      >
        {t('removeText', { label: removing?.label })}
      </ConfirmDialog>
    </Card>
  );
}
