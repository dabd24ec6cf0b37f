import { contract } from '@oppslag/common/contract/index.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminDisplayItem } from '../../api/admin.api';
import { adminDisplaysQuery } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { call } from '../../api/typed-client';
import { Button } from '../../components/button';
import { Alert, Card, Spinner } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { OnlineBadge } from '../../components/online-badge';
import { useWindowRows } from '../../components/window-rows';
import { useEntities } from '../../state/entities';
import { ancestry } from '../../state/entities.reducer';
import { showSnackbar } from '../../state/snackbar';
import { HealthSince, HealthSummary } from '../health/health-summary';
import { toggleSelection, updateTarget } from './displays.logic';

/** The height of the rows not rendered, above or below the window (no row for assistive technology: aria-rowcount tells the real count). */
function Spacer({ height }: { height: number }) {
  // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, never focusable
  return <tr aria-hidden="true" style={{ height, padding: 0 }} />;
}

/** All displays: ID, Organization, Name, Code word, Online status (live); update all or selected. */
export default function DisplaysPage() {
  const { t } = useTranslation('admin');
  const { t: th } = useTranslation('health');
  const { byId } = useEntities();
  const query = useQuery(adminDisplaysQuery, queryClient);
  const items = query.data ?? null;
  const failed = query.isError;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState(false);
  // Presence is patched in live and the list refetched once a burst settles (realtime/query-events.ts).

  const organizationOf = (item: AdminDisplayItem) => {
    if (item.entity.organization) return item.entity.organization;
    const orgId = ancestry(byId, item.entity.id).find((id) => byId[id]?.type === 'organization');
    return orgId ? { id: orgId, name: byId[orgId].name } : null;
  };

  const update = async () => {
    setConfirm(false);
    try {
      await call(contract.admin.updateDisplays, { body: { entities: updateTarget(selected) } });
      showSnackbar('success', t('displays.updated'));
    } catch {
      showSnackbar('error', t('displays.updateFailed'));
    }
  };

  const all = items ?? [];
  const allSelected = all.length > 0 && all.every((i) => selected.has(i.entity.id));
  // 10,000 screens: only the rows near the window are rendered; spacer rows keep the table's height.
  const { list, rows, before, after, measure } = useWindowRows<HTMLTableSectionElement>(all.length, 49);

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
            aria-rowcount={all.length + 1}
          >
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
              <tr aria-rowindex={1}>
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
            <tbody ref={list} className="divide-y divide-slate-100">
              {before > 0 && <Spacer height={before} />}
              {rows.map((row) => {
                const item = all[row.index];
                const org = organizationOf(item);
                return (
                  <tr
                    key={item.entity.id}
                    ref={measure}
                    data-index={row.index}
                    aria-rowindex={row.index + 2}
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
              {after > 0 && <Spacer height={after} />}
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
