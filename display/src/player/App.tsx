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
import { captureScreen } from '../health/screenshot';
import { PLAYER_VERSION } from '../health/version';
import { writeCached } from '../offline/cache';
import type { MessageKey } from './i18n';
import { Player } from './Player';
import { Registration } from './Registration';
import { playerStateAtom, tokenAtom } from './state';
import { createSyncEngine } from './sync-engine';
import { useT } from './use-t';

/** Registration when the screen has no (valid) token, the live player otherwise. */
export function App() {
  const t = useT();
  // A preview link with credentials replaces whatever the screen had, so the old token is not used.
  const [session, setSession] = useState<Session | null>(() =>
    credentialsFromQuery(location.search) ? null : loadSession(),
  );
  const [message, setMessage] = useState<MessageKey | null>(() => (wasRevoked() ? 'register.revoked' : null));
  const [busy, setBusy] = useState(false);
  const setPlayerState = useSetAtom(playerStateAtom);
  const setToken = useSetAtom(tokenAtom);

  const register = useCallback(async (displayId: string, apiKey: string) => {
    setBusy(true);
    try {
      const { token, manifest } = await registerDisplay(displayId, apiKey);
      const next = { displayId, token };
      saveSession(next);
      writeCached(displayId, 'manifest', { body: manifest, etag: null, savedAt: Date.now() });
      setMessage(null);
      setSession(next);
    } catch (error) {
      setMessage(error instanceof UnauthorizedError ? 'register.invalid' : 'register.failed');
    } finally {
      setBusy(false);
    }
  }, []);

  // The console's preview link carries the credentials (admins) or only the display id (others).
  // They are used once and removed from the address bar so the key does not linger in history;
  // a full pair always registers again, so a preview after a key regeneration just works.
  const [prefill] = useState(() => new URLSearchParams(location.search).get('displayId') ?? '');
  useEffect(() => {
    const creds = credentialsFromQuery(location.search);
    const url = new URL(location.href);
    if (!url.searchParams.has('displayId') && !url.searchParams.has('apiKey')) return;
    url.searchParams.delete('displayId');
    url.searchParams.delete('apiKey');
    history.replaceState(null, '', url);
    if (creds) void register(creds.displayId, creds.apiKey);
  }, [register]);

  useEffect(() => {
    if (!session) return;
    setToken(session.token);
    const engine = createSyncEngine({
      session,
      onState: setPlayerState,
      health: {
        playerVersion: PLAYER_VERSION,
        capture: () => captureScreen(),
        screenSize: () => ({ width: window.innerWidth, height: window.innerHeight }),
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

  if (!session) {
    return (
      <Registration
        onSubmit={register}
        message={message ? t(message) : null}
        busy={busy}
        initialDisplayId={prefill}
      />
    );
  }
  return <Player />;
}
