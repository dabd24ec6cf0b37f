import type { DisplayHealthSummary } from '@oppslag/common/schemas/display-health.ts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '../../lib/dates';
import { formatScreen, formatUptime } from './health.logic';

/** "since 23.11.2026 15:52" under the online badge of the admin displays table. */
export function HealthSince({ health }: { health: DisplayHealthSummary | null }) {
  const { t, i18n } = useTranslation('health');
  if (!health?.since) return null;
  return (
    <div className="mt-0.5 text-xs text-slate-500" title={formatRelative(health.since, i18n.language)}>
      {t('since')} {formatDateTime(health.since, i18n.language)}
    </div>
  );
}

/**
 * Health at a glance for one row of the admin displays table: last heartbeat, version, screen,
 * uptime and the last error (the full view with the screenshot is on the display's page).
 */
export function HealthSummary({ health }: { health: DisplayHealthSummary | null }) {
  const { t, i18n } = useTranslation('health');
  const lang = i18n.language;
  if (!health) return <span className="text-xs text-slate-500">{t('table.noReport')}</span>;
  const screen = [
    health.playerVersion && `v${health.playerVersion}`,
    health.screen && `${formatScreen(health.screen)} ${t(`orientation.${health.screen.orientation}`)}`,
  ].filter(Boolean);
  return (
    <div className="text-xs whitespace-nowrap text-slate-600">
      {health.lastHeartbeatAt && (
        <div>{t('table.heartbeat', { when: formatRelative(health.lastHeartbeatAt, lang) })}</div>
      )}
      {screen.length > 0 && <div>{screen.join(' · ')}</div>}
      {health.uptime !== null && <div>{t('table.uptime', { value: formatUptime(health.uptime, lang) })}</div>}
      {health.lastError && (
        <div className="mt-0.5 max-w-[14rem] truncate text-red-800" title={health.lastError.message}>
          {t('lastError')}: {health.lastError.message}
        </div>
      )}
    </div>
  );
}
