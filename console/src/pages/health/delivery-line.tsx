import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { queryClient } from '../../api/query-client';
import { deliveryQuery } from '../../api/screen-queries';
import { Icon } from '../../components/icons';
import { formatDateTime, formatRelative } from '../../lib/dates';
import { deliveryState } from './health.logic';

/** Screens confirm what they show within seconds; the line reads again this often while on screen. */
const REFRESH_MS = 20_000;
/** Missing screens named in the line; the rest are counted. */
const NAMED = 5;

/**
 * Proof of delivery under a note or a banner slide (issue 16): "Vist på 14 av 15 skjermer", with the
 * screens that have not shown it named, and since when they have been gone.
 */
export function DeliveryLine({
  kind,
  entityId,
  itemId,
}: {
  kind: 'note' | 'banner';
  /** The entity being viewed (the note or slide may be inherited from above it). */
  entityId: number;
  itemId: number;
}) {
  const { t, i18n } = useTranslation('health');
  // A failed read shows nothing (the line is a hint, not the note); the next interval tries again.
  const delivery = useQuery(deliveryQuery(entityId, kind, itemId, REFRESH_MS), queryClient).data ?? null;

  if (!delivery) return null;
  const { state, shown, count } = deliveryState(delivery);
  const missing = delivery.displays.filter((d) => d.due && d.shownAt === null);
  const lang = i18n.language;
  return (
    <div
      className="mt-1 text-xs"
      data-testid="delivery-line"
      data-shown={delivery.shown}
      data-total={delivery.total}
    >
      <span
        className={`inline-flex items-center gap-1 font-medium ${state === 'partial' ? 'text-amber-900' : 'text-slate-700'}`}
      >
        <Icon
          name={state === 'partial' ? 'warning' : state === 'notNow' ? 'history' : 'check'}
          className="size-3.5"
        />
        {t(`delivery.${state}`, { shown, count })}
      </span>
      {missing.length > 0 && (
        // Its own line: a " · " separator dangled at a wrap ("Shown on 1 of 2 screens ·").
        <span className="block text-slate-700">
          {t('delivery.missing')}{' '}
          {missing.slice(0, NAMED).map((d, i) => (
            <span key={d.id}>
              {i > 0 && ', '}
              <Link to={`/entities/${d.id}`} className="text-primary-700 underline">
                {d.name}
              </Link>{' '}
              <span
                className="text-slate-500"
                title={d.lastSeenAt ? formatDateTime(d.lastSeenAt, lang) : undefined}
              >
                (
                {d.online
                  ? t('delivery.online')
                  : d.lastSeenAt
                    ? t('delivery.lastSeen', { when: formatRelative(d.lastSeenAt, lang) })
                    : t('delivery.neverSeen')}
                )
              </span>
            </span>
          ))}
          {missing.length > NAMED && ` +${missing.length - NAMED}`}
        </span>
      )}
    </div>
  );
}

/** Whether a note or slide is on screens now, so proving its delivery means something. */
export const isLive = (
  item: { start: string; end: string | null; approved?: boolean | null },
  now = Date.now(),
) =>
  item.approved !== false &&
  Date.parse(item.start) <= now &&
  (item.end === null || Date.parse(item.end) >= now);
