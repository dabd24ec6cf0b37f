import { alertActive } from '@oppslag/common/alerts.ts';
import { inQuietHours } from '@oppslag/common/quiet-hours.ts';
import { useAtomValue } from 'jotai';
import type { DisplayContent, Manifest } from '../api/types';
import { AlertOverlay } from './AlertOverlay';
import { DefaultLayout } from './layouts/DefaultLayout';
import { OppslagLayout } from './layouts/OppslagLayout';
import { Screen } from './Screen';
import { playerStateAtom } from './state';
import { useNow } from './use-now';
import { useT } from './use-t';

/**
 * The screen: the manifest's layout and orientation with the current content; quiet hours blank or
 * dim it; an emergency alert (or its all-clear card) covers everything, quiet hours included.
 */
export function Player() {
  const { manifest, content, online } = useAtomValue(playerStateAtom);
  const t = useT();
  if (!manifest) {
    return (
      <div className="fixed inset-0 flex items-center justify-center bg-[#019939] text-[32px] font-semibold text-white">
        {t('status.loading')}
      </div>
    );
  }
  const vertical = manifest.orientation === 1;
  const Layout = manifest.layout === 'oppslag' ? OppslagLayout : DefaultLayout;
  return (
    <>
      <Screen vertical={vertical}>
        <Layout manifest={manifest} content={content} vertical={vertical} />
        {/* A small, unobtrusive marker so a caretaker can tell a disconnected screen at a glance. */}
        <div
          className={`absolute right-2 bottom-2 h-3 w-3 rounded-full ${online ? 'bg-transparent' : 'bg-[#e0a100]'}`}
          data-testid="connection"
          data-online={online}
          title={online ? '' : t('status.offline')}
        />
      </Screen>
      <Overlays manifest={manifest} content={content} />
    </>
  );
}

/**
 * Quiet-hours blanking and the alert on top of it. They keep their own one-second clock (an alert
 * ends at its expiry, quiet hours start on time, without a push), so the layout below is not
 * rendered again every second.
 */
function Overlays({ manifest, content }: { manifest: Manifest; content: DisplayContent }) {
  const now = useNow(1000);
  const alert = content.alerts.find((a) => alertActive(a, now)) ?? null;
  const allClear = content.allClearUntil !== null && now < content.allClearUntil;
  const quiet = inQuietHours(manifest.quietHours, new Date(now)) ? manifest.quietHours?.mode : null;
  return (
    <>
      {quiet && (
        <div
          className="fixed inset-0 z-40 bg-black"
          style={{ opacity: quiet === 'dim' ? 0.75 : 1 }}
          data-testid="quiet-hours"
          data-mode={quiet}
        />
      )}
      <AlertOverlay alert={alert} allClearUntil={allClear ? content.allClearUntil : null} />
    </>
  );
}
