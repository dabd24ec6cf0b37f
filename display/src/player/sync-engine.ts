import { displayContract } from '@oppslag/common/contract/display.contract.ts';
import {
  type DisplayEvent,
  SeqTracker,
  type SyncPayload,
  type WithheldPayload,
} from '@oppslag/common/realtime/index.ts';
import { createDisplayApi, type Remembered, readAnswer } from '../api/client';
import { UnauthorizedError } from '../api/errors';
import type { Session } from '../api/session';
import { renewalDue } from '../api/token-expiry';
import { type DisplayContent, emptyContent, type Manifest } from '../api/types';
import { contentView } from '../api/view';
import { onScreen } from '../health/on-screen';
import { createHealthReporter, type HealthReporter } from '../health/reporter';
import { readCached, writeCached } from '../offline/cache';
import { applyEvent } from '../realtime/apply-event';
import { connectRealtime, type RealtimeConnection, type RealtimeHandlers } from '../realtime/socket';
import { serverNow } from './server-clock';

export interface PlayerState {
  manifest: Manifest | null;
  content: DisplayContent;
  /** The gateway is connected (the screen is live). */
  online: boolean;
}

export interface SyncEngineOptions {
  session: Session;
  onState(state: PlayerState): void;
  /** The API key was regenerated or the display removed: back to registration. */
  onRevoked(): void;
  /** A fresh token replaced one near its expiry: store it and run with it. */
  onRenewed?(token: string): void;
  reload?: () => void;
  connect?: (token: string, handlers: RealtimeHandlers) => RealtimeConnection;
  apiBase?: string;
  /** Screen health and proof of delivery over the socket (the browser player; absent in some tests). */
  health?: {
    playerVersion: string;
    capture(): Promise<Uint8Array>;
    screenSize(): { width: number; height: number };
  };
}

/** Pushed events are followed by one coalesced revalidation rather than one fetch each. */
const REFETCH_DEBOUNCE_MS = 150;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;
const RENEW_RETRY_MS = 3600_000;

/**
 * Keeps one screen's manifest and content right: starts from the offline cache, revalidates
 * over REST with ETags, applies pushed events, refetches on a sequence gap, when the gateway's
 * `sync` says events never arrived, or after an unrecovered reconnect, and retries with backoff
 * while the servers are away.
 */
export function createSyncEngine(options: SyncEngineOptions) {
  const { session } = options;
  const seq = new SeqTracker();
  const api = createDisplayApi(session.token, options.apiBase);
  // A console's preview neither reads nor overwrites the offline cache of a real screen in this browser.
  const read: typeof readCached = (...args) => (session.preview ? null : readCached(...args));
  const write: typeof writeCached = (...args) => {
    if (!session.preview) writeCached(...args);
  };
  // The answers held (offline cache first), each revalidated with its ETag.
  let manifest = remembered(read, session.displayId, 'manifest', (raw) =>
    readAnswer(displayContract.manifest, raw),
  );
  let content = remembered(read, session.displayId, 'content', (raw) =>
    readAnswer(displayContract.content, raw),
  );
  let state: PlayerState = {
    manifest: manifest?.body ?? null,
    content: content ? contentView(content.body) : emptyContent(),
    online: false,
  };
  let pending: 'content' | 'all' | null = null;
  let debounce: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryDelay = RETRY_MIN_MS;
  let inFlight: Promise<void> | null = null;
  let stopped = false;
  let connection: RealtimeConnection | null = null;
  /** Events were applied locally since the last fetch, so a 304 must restore the server's view. */
  let dirty = false;
  /** When the token was last sent for renewal (one try an hour at most while it keeps failing). */
  let renewTriedAt = Number.NEGATIVE_INFINITY;

  /** The server's answer as shown; an all-clear card that a push started keeps its few minutes. */
  const served = (body: Parameters<typeof contentView>[0]): DisplayContent => ({
    ...contentView(body),
    allClearUntil: state.content.allClearUntil,
  });

  const reporter: HealthReporter | null = options.health
    ? createHealthReporter({
        ...options.health,
        transport: {
          connected: () => connection?.transport?.connected() ?? false,
          heartbeat: (report) => connection?.transport?.heartbeat(report),
          rendered: (report) => connection?.transport?.rendered(report),
          screenshot: (image) =>
            connection?.transport?.screenshot(image) ??
            Promise.resolve({ ok: false, reason: 'invalid_file' }),
        },
        contentVersion: () => content?.etag ?? null,
        // What is on screen by the server's clock, the clock the notes are shown by (issue 31 item 13).
        onScreen: () => onScreen(state.manifest, state.content, serverNow()),
      })
    : null;
  const onError = (event: ErrorEvent) => reporter?.reportError(event.message || 'error');
  const onRejection = (event: PromiseRejectionEvent) =>
    reporter?.reportError(
      `unhandled rejection: ${event.reason instanceof Error ? event.reason.message : String(event.reason)}`,
    );

  const emit = (patch: Partial<PlayerState>) => {
    state = { ...state, ...patch };
    options.onState(state);
    reporter?.changed();
  };

  const revoked = () => {
    if (stopped) return;
    stop();
    options.onRevoked();
  };

  async function fetchNow(what: 'content' | 'all', force: boolean): Promise<void> {
    if (what === 'all') {
      const m = await api.manifest(manifest, force);
      manifest = m;
      if (m.changed) {
        write(session.displayId, 'manifest', { body: m.body, etag: m.etag, savedAt: Date.now() });
        emit({ manifest: m.body });
      }
    }
    const c = await api.content(content, force);
    const wasDirty = dirty;
    dirty = false;
    content = c;
    if (c.changed) {
      write(session.displayId, 'content', { body: c.body, etag: c.etag, savedAt: Date.now() });
      emit({ content: served(c.body) });
    } else if (wasDirty) {
      // 304 after locally applied events: the held answer is the truth again.
      emit({ content: served(c.body) });
    }
  }

  /** Fetches now (coalescing with one already running) and keeps retrying with backoff on failure. */
  function sync(what: 'content' | 'all', force = false): Promise<void> {
    if (stopped) return Promise.resolve();
    if (inFlight) {
      pending = pending === 'all' || what === 'all' ? 'all' : 'content';
      return inFlight;
    }
    inFlight = fetchNow(what, force)
      .then(() => {
        retryDelay = RETRY_MIN_MS;
        renewIfDue();
      })
      .catch((error: unknown) => {
        if (error instanceof UnauthorizedError) return revoked();
        // Servers away: keep showing what we have and try again later.
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = setTimeout(() => {
          retryTimer = null;
          void sync('all');
        }, retryDelay);
        retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
      })
      .finally(() => {
        inFlight = null;
        if (pending && !stopped) {
          const next = pending;
          pending = null;
          void sync(next);
        }
      });
    return inFlight;
  }

  /**
   * The server answered, so it can renew the token now if less than a month of its 365 days is
   * left (issue 12 item 3). A failure is harmless: the old token holds, and the next answer after
   * an hour tries again; a 401 means the key was regenerated, which the reads find out too.
   */
  function renewIfDue() {
    const now = serverNow();
    if (!options.onRenewed || !renewalDue(session.token, now) || now - renewTriedAt < RENEW_RETRY_MS) return;
    renewTriedAt = now;
    api
      .renewToken()
      .then(({ token }) => {
        if (!stopped) options.onRenewed?.(token);
      })
      .catch(() => undefined);
  }

  function scheduleRefetch(what: 'content' | 'all') {
    pending = pending === 'all' || what === 'all' ? 'all' : 'content';
    if (debounce) return;
    debounce = setTimeout(() => {
      debounce = null;
      const next = pending ?? 'content';
      pending = null;
      void sync(next);
    }, REFETCH_DEBOUNCE_MS);
  }

  function onEvent(event: DisplayEvent) {
    const verdict = seq.observe(event.entityId, event.seq);
    if (verdict === 'duplicate') return;
    const outcome = applyEvent(state.content, event);
    if (outcome.content !== state.content) {
      dirty = true;
      emit({ content: outcome.content });
    }
    if (outcome.command === 'screenshot') {
      void reporter?.screenshot();
      return;
    }
    if (outcome.command === 'reload') {
      (options.reload ?? (() => location.reload()))();
      return;
    }
    if (verdict === 'gap') return scheduleRefetch('all');
    if (outcome.command === 'refresh') {
      void sync('all', true);
      return;
    }
    if (outcome.refetch !== 'none') scheduleRefetch(outcome.refetch);
  }

  /** An event the screen may not see: nothing to show, but a jump past it still means a loss. */
  function onWithheld(payload: WithheldPayload) {
    if (seq.observe(payload.entityId, payload.seq) === 'gap') scheduleRefetch('all');
  }

  /** The gateway's latest number: behind it, events were lost on the way (Redis lost its queue). */
  function onSync(payload: SyncPayload) {
    if (seq.sync(payload.entityId, payload.seq) === 'behind') scheduleRefetch('all');
  }

  function stop() {
    stopped = true;
    reporter?.stop();
    if (reporter && typeof window !== 'undefined') {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    }
    connection?.close();
    connection = null;
    for (const t of [debounce, retryTimer]) if (t) clearTimeout(t);
  }

  return {
    get state() {
      return state;
    },
    start() {
      options.onState(state);
      if (reporter && typeof window !== 'undefined') {
        window.addEventListener('error', onError);
        window.addEventListener('unhandledrejection', onRejection);
      }
      void sync('all');
      connection = (options.connect ?? connectRealtime)(session.token, {
        onEvent,
        onWithheld,
        onSync,
        onConnect(recovered) {
          emit({ online: true });
          reporter?.connected();
          if (!recovered) {
            // Missed events are not replayed: the snapshot covers them, and the gateway's first
            // `sync` messages (right after this) are the new baselines.
            seq.reset();
            void sync('all');
          }
        },
        onDisconnect() {
          emit({ online: false });
        },
        onRejected() {
          // Ask the API whether the key still holds; a 401 there ends the session.
          api
            .manifest(null, true)
            .then(() => connection?.retry(retryDelay))
            .catch((error: unknown) => {
              if (error instanceof UnauthorizedError) revoked();
              else connection?.retry(retryDelay);
              retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
            });
        },
      });
    },
    stop,
    /** Exposed for tests and the refresh command. */
    sync,
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;

/** An answer kept in the offline cache, if it still matches the contract (else it is fetched anew). */
function remembered<T>(
  load: typeof readCached,
  displayId: string,
  kind: 'manifest' | 'content',
  read: (raw: unknown) => T | null,
): Remembered<T> | null {
  const cached = load(displayId, kind);
  const body = cached ? read(cached.body) : null;
  return cached && body ? { body, etag: cached.etag } : null;
}
