import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { registerDisplay } from '../api/client';
import { UnauthorizedError } from '../api/errors';
import {
  clearSession,
  linkFromHash,
  loadSession,
  type PlayerLink,
  type Session,
  saveSession,
  wasRevoked,
} from '../api/session';
import { captureScreen } from '../health/screenshot';
import { PLAYER_VERSION } from '../health/version';
import { writeCached } from '../offline/cache';
import type { MessageKey } from './i18n';
import { Player } from './Player';
import { Registration } from './Registration';
import { playerStateAtom, tokenAtom } from './state';
import { createSyncEngine } from './sync-engine';
import { useT } from './use-t';

/** Registering again with the start URL's credentials while the server is away: 1 s doubling to 30 s. */
export const REGISTER_RETRY_MIN_MS = 1000;
export const REGISTER_RETRY_MAX_MS = 30_000;

/**
 * Registration when the screen has no (valid) token, the live player otherwise.
 *
 * A kiosk's start link carries `displayId` and `apiKey` (in the fragment), so after a power cut the screen boots with
 * them, often before the network is up (issue 12 item 2). A stored session of the same display
 * then plays at once from the offline cache while the credentials register again in the
 * background, retried with back-off until the server answers; with no stored session the screen
 * says it is connecting and keeps trying. The registration form only shows when nobody gave
 * credentials or the server refused them.
 */
export function App() {
  const t = useT();
  // The link's fragment is read once and removed from the address bar (and history) at once.
  const [link] = useState<PlayerLink | null>(() => {
    const found = linkFromHash(location.hash);
    if (location.hash) history.replaceState(null, '', `${location.pathname}${location.search}`);
    return found;
  });
  // The start link's credentials, kept in memory for the retries.
  const [startCredentials] = useState(() => (link?.kind === 'register' ? link.credentials : null));
  // A preview runs on its own in-memory token; a setup link of another display replaces whatever the
  // screen had, while one of the same display keeps playing its stored session during the retries.
  const [session, setSession] = useState<Session | null>(() => {
    if (link?.kind === 'preview') return { displayId: link.displayId, token: link.token, preview: true };
    const stored = loadSession();
    return startCredentials && stored?.displayId !== startCredentials.displayId ? null : stored;
  });
  const [message, setMessage] = useState<MessageKey | null>(() => (wasRevoked() ? 'register.revoked' : null));
  const [busy, setBusy] = useState(false);
  const [connecting, setConnecting] = useState(startCredentials !== null);
  const setPlayerState = useSetAtom(playerStateAtom);
  const setToken = useSetAtom(tokenAtom);

  /** Registers; true when the server answered (yes or no), false when it could not be reached. */
  const register = useCallback(async (displayId: string, apiKey: string): Promise<boolean> => {
    setBusy(true);
    try {
      const { token, manifest } = await registerDisplay(displayId, apiKey);
      const next = { displayId, token };
      saveSession(next);
      writeCached(displayId, 'manifest', { body: manifest, etag: null, savedAt: Date.now() });
      setMessage(null);
      setSession(next);
      return true;
    } catch (error) {
      const refused = error instanceof UnauthorizedError;
      setMessage(refused ? 'register.invalid' : 'register.failed');
      return refused;
    } finally {
      setBusy(false);
    }
  }, []);

  // A setup link (the kiosk's start URL) registers again on every boot, so a screen set up again
  // after a key regeneration just works, and an unreachable server is tried again with back-off
  // instead of leaving the screen on the form.
  const prefill = link && link.kind !== 'register' ? link.displayId : '';
  useEffect(() => {
    if (!startCredentials) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let delay = REGISTER_RETRY_MIN_MS;
    const attempt = async () => {
      const answered = await register(startCredentials.displayId, startCredentials.apiKey);
      if (stopped) return;
      if (answered) {
        setConnecting(false);
        return;
      }
      timer = setTimeout(attempt, delay);
      delay = Math.min(delay * 2, REGISTER_RETRY_MAX_MS);
    };
    void attempt();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [register, startCredentials]);

  useEffect(() => {
    if (!session) return;
    setToken(session.token);
    const engine = createSyncEngine({
      session,
      onState: setPlayerState,
      // A preview's token is the console's, for minutes: it is never renewed or stored.
      onRenewed: session.preview
        ? undefined
        : (token) => {
            // Stored first, so a power cut right after still boots with the fresh token.
            const next = { displayId: session.displayId, token };
            saveSession(next);
            setSession(next);
          },
      // A preview is the console looking at the screen, not the screen: it reports no health.
      health: session.preview
        ? undefined
        : {
            playerVersion: PLAYER_VERSION,
            capture: () => captureScreen(),
            screenSize: () => ({ width: window.innerWidth, height: window.innerHeight }),
          },
      onRevoked: () => {
        if (session.preview) {
          // The preview's minutes are up (or the key changed): the screen's own session is untouched.
          setToken(null);
          setMessage('preview.ended');
          setSession(null);
          return;
        }
        // Only forget the token this engine ran with, never one a newer registration just stored.
        if (loadSession()?.token !== session.token) return;
        clearSession(true);
        setToken(null);
        setMessage('register.revoked');
        setSession(null);
      },
    });
    engine.start();
    return () => engine.stop();
  }, [session, setPlayerState, setToken]);

  if (!session && connecting) {
    return (
      <div
        className="fixed inset-0 flex items-center justify-center bg-[#019939] font-semibold text-[36px] text-white"
        data-testid="connecting"
      >
        {t('status.connecting')}
      </div>
    );
  }
  if (!session) {
    return (
      <Registration
        onSubmit={(id, key) => void register(id, key)}
        message={message ? t(message) : null}
        busy={busy}
        initialDisplayId={prefill}
      />
    );
  }
  return <Player />;
}
