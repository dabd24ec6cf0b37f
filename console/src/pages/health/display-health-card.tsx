import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Alert, Card, Spinner } from '../../components/card';
import { formatDateTime, formatRelative } from '../../lib/dates';
import { useIsAdmin } from '../../state/permissions';
import { showSnackbar } from '../../state/snackbar';
import { formatScreen, formatUptime } from './health.logic';
import { useDisplayHealth } from './use-display-health';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-1.5 sm:grid-cols-5 sm:gap-2">
      <dt className="text-sm text-slate-500 sm:col-span-2">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900 sm:col-span-3">{children}</dd>
    </div>
  );
}

/**
 * Screen health of one display (issue 16): online or offline since when, last heartbeat, player
 * version, screen size and orientation, 7-day uptime, last error, content version, and the
 * screen's picture of itself with a button that asks for a new one.
 */
export function DisplayHealthCard({ displayId }: { displayId: number }) {
  const { t, i18n } = useTranslation('health');
  const { health, failed, waiting, requestScreenshot } = useDisplayHealth(displayId);
  const lang = i18n.language;
  // Orientation is a superadmin-only field: others are told what they can do instead.
  const mismatch = useIsAdmin() ? 'orientationMismatch' : 'orientationMismatchMember';
  const none = <span className="font-normal text-slate-500">{t('unknown')}</span>;
  const when = (iso: string) => (
    <time dateTime={iso} title={formatDateTime(iso, lang)}>
      {formatRelative(iso, lang)}
    </time>
  );
  const ask = () => requestScreenshot().catch(() => showSnackbar('error', t('screenshot.failed')));

  return (
    <Card title={t('title')}>
      {failed && <Alert kind="error">{t('loadFailed')}</Alert>}
      {!health && !failed ? (
        <Spinner size={32} />
      ) : health ? (
        <div className="grid gap-4 md:grid-cols-[minmax(0,20rem)_1fr]" data-testid="display-health">
          <figure className="flex flex-col gap-2">
            <div className="flex aspect-video items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-900">
              {health.screenshot ? (
                <img
                  src={health.screenshot.dataUrl}
                  alt={t('screenshot.alt')}
                  className="max-h-full max-w-full object-contain"
                  data-testid="health-thumbnail"
                  data-taken-at={health.screenshot.takenAt}
                />
              ) : (
                <span className="px-3 text-center text-xs text-slate-300">{t('screenshot.none')}</span>
              )}
            </div>
            <figcaption className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
              <span>{health.screenshot ? when(health.screenshot.takenAt) : null}</span>
              <Button variant="secondary" onClick={ask} disabled={waiting} data-testid="health-screenshot">
                {waiting ? t('screenshot.waiting') : t('screenshot.take')}
              </Button>
            </figcaption>
          </figure>
          <dl className="divide-y divide-slate-100">
            {health.screen && health.screen.orientation !== health.configuredOrientation && (
              <div className="pb-2">
                <Alert kind="warning">
                  <span data-testid="health-orientation-mismatch">
                    {t(`${mismatch}.${health.screen.orientation}`)}
                  </span>
                </Alert>
              </div>
            )}
            <Row label={t('status')}>
              <span data-testid="health-status" data-online={health.online}>
                {health.online ? t('online') : health.registered ? t('offline') : t('neverSeen')}
              </span>
              {health.since && (
                <span className="font-normal text-slate-600">
                  {' · '}
                  {t('since')}{' '}
                  <time dateTime={health.since} title={formatRelative(health.since, lang)}>
                    {formatDateTime(health.since, lang)}
                  </time>
                </span>
              )}
            </Row>
            <Row label={t('lastHeartbeat')}>
              {health.lastHeartbeatAt ? when(health.lastHeartbeatAt) : none}
            </Row>
            <Row label={t('playerVersion')}>{health.playerVersion ?? none}</Row>
            <Row label={t('screen')}>
              {health.screen
                ? `${formatScreen(health.screen)} · ${t(`orientation.${health.screen.orientation}`)}`
                : none}
            </Row>
            <Row label={t('uptime')}>
              <span data-testid="health-uptime">{formatUptime(health.uptime, lang) ?? none}</span>
            </Row>
            <Row label={t('lastError')}>
              {health.lastError ? (
                <span className="text-red-800">
                  {health.lastError.message}{' '}
                  <span className="font-normal text-slate-600">({when(health.lastError.at)})</span>
                </span>
              ) : (
                <span className="font-normal text-slate-600">{t('noError')}</span>
              )}
            </Row>
            <Row label={t('content')}>
              {health.content ? (
                <>
                  {/* When the screen last took its content; the version hash means nothing to a board. */}
                  <span title={health.content.version ?? undefined}>{when(health.content.reportedAt)}</span>
                </>
              ) : (
                none
              )}
            </Row>
          </dl>
        </div>
      ) : null}
    </Card>
  );
}
