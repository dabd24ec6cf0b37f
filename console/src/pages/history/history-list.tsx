import { ROLES } from '@oppslag/common/constants.ts';
import { isOneOf } from '@oppslag/common/one-of.ts';
import { scheduleOutSchema } from '@oppslag/common/schedule.ts';
import { HISTORY_KINDS, type HistoryEntry, type HistoryKind } from '@oppslag/common/schemas/history.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../../api/error-messages';
import { queryClient } from '../../api/query-client';
import { historyQuery } from '../../api/screen-queries';
import { Button } from '../../components/button';
import { Alert, Card, Spinner } from '../../components/card';
import { scheduleLabel } from '../../components/schedule-fields';
import { formatDateTime } from '../../lib/dates';

type Filters = { kind?: HistoryKind; userId?: number };

/** One value of a change, short: booleans and empty values in words, HTML as its text. */
function valueText(v: unknown, t: (k: string) => string, language: string): string {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'boolean') return t(v ? 'yes' : 'no');
  const schedule = scheduleOutSchema.safeParse(v);
  if (schedule.success) return scheduleLabel(schedule.data, language);
  if (typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)) return formatDateTime(v, language);
  if (typeof v === 'string')
    return (
      v
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim() || '–'
    );
  return JSON.stringify(v);
}

/** A value in the user's words: a role by its name ("Moderator"), anything else as `valueText`. */
function fieldValue(field: string, v: unknown, t: (k: string) => string, language: string): string {
  if (field === 'role' && typeof v === 'string' && isOneOf(ROLES, v)) return t(`common:roles.${v}`);
  return valueText(v, t, language);
}

function EntryRow({ entry }: { entry: HistoryEntry }) {
  const { t, i18n } = useTranslation('history');
  const who = entry.actor ? (entry.actor.name ?? entry.actor.email) : t('nobody');
  // Fields the history has words for; technical ones (ids, icon names) stay in the API answer.
  const changes = Object.entries(entry.changes).filter(([field]) => i18n.exists(`history:fields.${field}`));
  return (
    <li
      className="flex flex-col gap-1 border-b border-slate-200 py-3 last:border-0"
      data-testid="history-entry"
    >
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
          {t(`kinds.${entry.kind}`)}
        </span>
        <span className="font-medium text-slate-900">{t(`actions.${entry.action}`, entry.action)}</span>
        {entry.subjectLabel && <span className="text-slate-700">{entry.subjectLabel}</span>}
      </div>
      <div className="text-xs text-slate-600">
        {who} · {t(`sources.${entry.source}`)} · {formatDateTime(entry.createdAt, i18n.language)}
        {entry.entityName && <> · {entry.entityName}</>}
      </div>
      {changes.length > 0 && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-xs">
          {changes.map(([field, c]) => (
            <div key={field} className="contents">
              <dt className="text-slate-500">{t(`fields.${field}`, field)}</dt>
              <dd className="break-words text-slate-800">
                {entry.action.endsWith('.created') || (entry.action === 'member.added' && c.before === null)
                  ? fieldValue(field, c.after, t, i18n.language)
                  : `${fieldValue(field, c.before, t, i18n.language)} → ${fieldValue(field, c.after, t, i18n.language)}`}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/**
 * The change history (issue 17), shared by the entity's History tab and the superadmin's page:
 * newest first, filtered by kind and person, "more" loads the next page.
 */
export function HistoryList({ entityId }: { entityId: number | null }) {
  const { t } = useTranslation('history');
  const [filters, setFilters] = useState<Filters>({});
  const query = useInfiniteQuery(historyQuery(entityId, filters.kind, filters.userId), queryClient);
  const entries: HistoryEntry[] | null = query.data?.pages.flatMap((page) => page.entries) ?? null;
  // The server's reason (no access, offline…) in the user's language, not a bare "could not load".
  const failed = query.error ? errorMessages(query.error, t, { failed: t('failed') }).formMessage : null;

  // The people the loaded entries name, for the person filter.
  const people = new Map<number, string>();
  for (const e of entries ?? []) if (e.actor) people.set(e.actor.id, e.actor.name ?? e.actor.email);

  return (
    <Card title={t('title')}>
      <div className="mb-2 flex flex-wrap gap-2">
        <label className="flex flex-col text-xs text-slate-600">
          {t('filters.kind')}
          <select
            className="rounded border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
            value={filters.kind ?? ''}
            onChange={(e) =>
              setFilters((f) => ({
                ...f,
                kind: isOneOf(HISTORY_KINDS, e.target.value) ? e.target.value : undefined,
              }))
            }
          >
            <option value="">{t('filters.all')}</option>
            {HISTORY_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs text-slate-600">
          {t('filters.person')}
          <select
            className="rounded border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
            value={filters.userId ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, userId: Number(e.target.value) || undefined }))}
          >
            <option value="">{t('filters.everyone')}</option>
            {[...people].map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {failed && <Alert kind="error">{failed}</Alert>}
      {entries === null && !failed ? (
        <Spinner size={32} label={t('loading')} />
      ) : entries && entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t('empty')}</p>
      ) : (
        <ul data-testid="history-list">
          {(entries ?? []).map((e) => (
            <EntryRow key={e.id} entry={e} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="secondary" className="mt-2" onClick={() => void query.fetchNextPage()}>
          {t('more')}
        </Button>
      )}
    </Card>
  );
}
