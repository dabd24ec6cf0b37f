import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type AdminDisplayItem, adminApi } from '../../api/admin.api';
import { Button } from '../../components/button';
import { Alert, Card, Spinner } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { OnlineBadge } from '../../components/online-badge';
import { onRealtimeEvent } from '../../realtime/socket';
import { useEntities } from '../../state/entities';
import { ancestry } from '../../state/entities.reducer';
import { showSnackbar } from '../../state/snackbar';
import { HealthSince, HealthSummary } from '../health/health-summary';
import { applyPresence, toggleSelection, updateTarget } from './displays.logic';

/** All displays: ID, Organization, Name, Code word, Online status (live); update all or selected. */
export default function DisplaysPage() {
  const { t } = useTranslation('admin');
  const { t: th } = useTranslation('health');
  const { byId } = useEntities();
  const [items, setItems] = useState<AdminDisplayItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState(false);

  useEffect(() => {
    const load = () =>
      adminApi.displays().then(
        (list) => setItems(list),
        () => setFailed(true),
      );
    void load();
    // Presence changes come in bursts (a building reconnecting): one reload after they settle.
    let reload: ReturnType<typeof setTimeout> | null = null;
    const reloadSoon = () => {
      if (reload) clearTimeout(reload);
      reload = setTimeout(() => void load(), 2000);
    };
    const off = onRealtimeEvent((event) => {
      if (event.type === 'display.presence') {
        const { displayId, online } = event.data;
        setItems((list) => list && applyPresence(list, displayId, online));
        // "Online since" and the health figures come with the list.
        reloadSoon();
      } else if (
        event.type === 'resync' ||
        event.type === 'entity.created' ||
        event.type === 'entity.deleted'
      )
        void load();
    });
    return () => {
      off();
      if (reload) clearTimeout(reload);
    };
  }, []);

  const organizationOf = (item: AdminDisplayItem) => {
    if (item.entity.organization) return item.entity.organization;
    const orgId = ancestry(byId, item.entity.id).find((id) => byId[id]?.type === 'organization');
    return orgId ? { id: orgId, name: byId[orgId].name } : null;
  };

  const update = async () => {
    setConfirm(false);
    try {
      await adminApi.updateDisplays(updateTarget(selected));
      showSnackbar('success', t('displays.updated'));
    } catch {
      showSnackbar('error', t('displays.updateFailed'));
    }
  };

  const all = items ?? [];
  const allSelected = all.length > 0 && all.every((i) => selected.has(i.entity.id));

  return (
    <Card
      title={t('displays.title')}
      actions={
        <Button onClick={() => setConfirm(true)} disabled={all.length === 0}>
          {selected.size === 0
            ? t('displays.updateAll')
            : t('displays.updateSelected', { count: selected.size })}
        </Button>
      }
    >
      {failed && <Alert kind="error">{t('displays.loadFailed')}</Alert>}
      {!items && !failed ? (
        <Spinner size={40} />
      ) : all.length === 0 ? (
        <p className="text-sm text-slate-500">{t('displays.empty')}</p>
      ) : (
        <div className="-mx-4 overflow-x-auto">
          <table
            className="stack-table w-full text-left text-sm sm:min-w-[48rem]"
            data-testid="displays-table"
          >
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary-500"
                    aria-label={t('displays.selectAll')}
                    checked={allSelected}
                    onChange={() =>
                      setSelected(allSelected ? new Set() : new Set(all.map((i) => i.entity.id)))
                    }
                  />
                </th>
                <th className="px-4 py-2 font-medium">{t('displays.id')}</th>
                <th className="px-4 py-2 font-medium">{t('displays.organization')}</th>
                <th className="px-4 py-2 font-medium">{t('displays.name')}</th>
                <th className="px-4 py-2 font-medium">{t('displays.codeWord')}</th>
                <th className="px-4 py-2 font-medium">{t('displays.onlineStatus')}</th>
                <th className="px-4 py-2 font-medium">{th('table.health')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {all.map((item) => {
                const org = organizationOf(item);
                return (
                  <tr
                    key={item.entity.id}
                    aria-selected={selected.has(item.entity.id)}
                    className={selected.has(item.entity.id) ? 'bg-primary-50' : ''}
                  >
                    <td className="px-4 py-2">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary-500"
                        aria-label={t('displays.select', { name: item.entity.name })}
                        checked={selected.has(item.entity.id)}
                        onChange={() => setSelected((s) => toggleSelection(s, item.entity.id))}
                      />
                    </td>
                    <td className="px-4 py-2 text-slate-600" data-label={t('displays.id')}>
                      {item.entity.id}
                    </td>
                    <td className="px-4 py-2" data-label={t('displays.organization')}>
                      {org ? (
                        <Link to={`/entities/${org.id}`} className="text-primary-700 underline">
                          {org.name}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="px-4 py-2" data-label={t('displays.name')}>
                      <Link
                        to={`/entities/${item.entity.id}`}
                        className="font-medium text-primary-700 underline"
                      >
                        {item.entity.name}
                      </Link>
                    </td>
                    <td className="px-4 py-2" data-label={t('displays.codeWord')}>
                      {item.entity.codeWord ?? '—'}
                    </td>
                    <td
                      className="px-4 py-2"
                      data-label={t('displays.onlineStatus')}
                      data-testid={`status-${item.entity.id}`}
                    >
                      <OnlineBadge
                        entity={{
                          onlineStatus: item.display.onlineStatus,
                          registered: item.display.registered ?? item.display.onlineStatus !== null,
                        }}
                      />
                      <HealthSince health={item.health} />
                    </td>
                    <td
                      className="px-4 py-2"
                      data-label={th('table.health')}
                      data-testid={`health-${item.entity.id}`}
                    >
                      <HealthSummary health={item.health} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('displays.confirmTitle')}
        onConfirm={update}
        onCancel={() => setConfirm(false)}
      >
        {selected.size === 0
          ? t('displays.confirmAll')
          : t('displays.confirmSelected', { count: selected.size })}
      </ConfirmDialog>
    </Card>
  );
}
