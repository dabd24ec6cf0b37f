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
  // The link's fragment is read once and removed from the address bar (and history) at once.
  const [link] = useState<PlayerLink | null>(() => {
    const found = linkFromHash(location.hash);
    if (location.hash) history.replaceState(null, '', `${location.pathname}${location.search}`);
    return found;
  });
  // A preview runs on its own in-memory token; a setup link replaces whatever the screen had.
  const [session, setSession] = useState<Session | null>(() => {
    if (link?.kind === 'preview') return { displayId: link.displayId, token: link.token, preview: true };
    return link?.kind === 'register' ? null : loadSession();
  });
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

  // A setup link registers once, so a screen set up again after a key regeneration just works.
  useEffect(() => {
    if (link?.kind === 'register') void register(link.credentials.displayId, link.credentials.apiKey);
  }, [link, register]);
  const prefill = link && link.kind !== 'register' ? link.displayId : '';

  useEffect(() => {
    if (!session) return;
    setToken(session.token);
    const engine = createSyncEngine({
      session,
      onState: setPlayerState,
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
