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
import { languageAtom, playerStateAtom, tokenAtom } from './state';
import { createSyncEngine } from './sync-engine';
import { useT } from './use-t';

/** Registration when the screen has no (valid) token, the live player otherwise. */
export function App() {
  const t = useT();
  const [session, setSession] = useState<Session | null>(() => loadSession());
  const [message, setMessage] = useState<MessageKey | null>(() => (wasRevoked() ? 'register.revoked' : null));
  const [busy, setBusy] = useState(false);
  const setPlayerState = useSetAtom(playerStateAtom);
  const setToken = useSetAtom(tokenAtom);
  const setLanguage = useSetAtom(languageAtom);

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

  // The console's preview link carries the credentials; they are used once and removed from the
  // address bar so the key does not linger in history.
  useEffect(() => {
    const creds = credentialsFromQuery(location.search);
    if (!creds) return;
    const url = new URL(location.href);
    url.searchParams.delete('displayId');
    url.searchParams.delete('apiKey');
    history.replaceState(null, '', url);
    const current = loadSession();
    if (current?.displayId === creds.displayId) return;
    void register(creds.displayId, creds.apiKey);
  }, [register]);

  useEffect(() => {
    if (!session) return;
    setToken(session.token);
    const engine = createSyncEngine({
      session,
      onState: (state) => {
        setPlayerState(state);
        if (state.manifest) setLanguage(state.manifest.language);
      },
      onRevoked: () => {
        clearSession(true);
        setToken(null);
        setMessage('register.revoked');
        setSession(null);
      },
    });
    engine.start();
    return () => engine.stop();
  }, [session, setPlayerState, setToken, setLanguage]);

  if (!session) {
    return <Registration onSubmit={register} message={message ? t(message) : null} busy={busy} />;
  }
  return <Player />;
}
