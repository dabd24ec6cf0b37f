import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { registerDisplay } from '../api/client';
import { UnauthorizedError } from '../api/errors';
import {
  clearSession,
  credentialsFromQuery,
  loadSession,
  type Session,
  saveSession,
  wasRevoked,
} from '../api/session';
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
 * A kiosk's start URL carries `displayId` and `apiKey`, so after a power cut the screen boots with
 * them, often before the network is up (issue 12 item 2). A stored session of the same display
 * then plays at once from the offline cache while the credentials register again in the
 * background, retried with back-off until the server answers; with no stored session the screen
 * says it is connecting and keeps trying. The registration form only shows when nobody gave
 * credentials or the server refused them.
 */
export function App() {
  const t = useT();
  // The start URL's credentials, kept in memory for the retries (they leave the address bar below).
  const [startCredentials] = useState(() => credentialsFromQuery(location.search));
  // A link with credentials of another display replaces whatever the screen had.
  const [session, setSession] = useState<Session | null>(() => {
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

  // The console's preview link and the kiosk's start URL carry the credentials. They are removed
  // from the address bar so the key does not linger in history; a full pair always registers
  // again, so a preview after a key regeneration just works, and an unreachable server is tried
  // again with back-off instead of leaving the screen on the form.
  const [prefill] = useState(() => new URLSearchParams(location.search).get('displayId') ?? '');
  useEffect(() => {
    const url = new URL(location.href);
    if (url.searchParams.has('displayId') || url.searchParams.has('apiKey')) {
      url.searchParams.delete('displayId');
      url.searchParams.delete('apiKey');
      history.replaceState(null, '', url);
    }
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
      onRenewed: (token) => {
        // Stored first, so a power cut right after still boots with the fresh token.
        const next = { displayId: session.displayId, token };
        saveSession(next);
        setSession(next);
      },
      onRevoked: () => {
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
