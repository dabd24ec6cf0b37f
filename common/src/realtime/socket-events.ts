import type { DomainEvent, EventEnvelope, EventType } from '../events';
import type { DisplayEnvelope, DisplayEventType } from './display-events';

/** The gateway's word on a room: its events up to `seq` exist (sent on connect and periodically). */
export interface SyncPayload {
  entityId: number;
  seq: number;
}

/** An event of the room the display may not see; it only keeps the display's sequence whole. */
export interface WithheldPayload {
  id: string;
  seq: number;
  entityId: number;
}

/** A display came or went (consoles only; not a domain event, so `seq` is 0 and outside any sequence). */
export interface PresencePayload {
  id: string;
  seq: 0;
  entityId: number;
  data: { displayId: number; online: boolean };
}

/** What a console socket receives: every domain event its user may read, as the catalogue types it. */
export type ConsoleServerToClient = { [T in EventType]: (payload: EventEnvelope<T>) => void } & {
  sync: (payload: SyncPayload) => void;
  'display.presence': (payload: PresencePayload) => void;
};

/** What a display socket receives. */
export type DisplayServerToClient = { [T in DisplayEventType]: (payload: DisplayEnvelope<T>) => void } & {
  sync: (payload: SyncPayload) => void;
  withheld: (payload: WithheldPayload) => void;
};

type PayloadOf<M, K> = K extends keyof M ? (M[K] extends (payload: infer P) => void ? P : never) : never;

/** The gateway emits to both audiences: for a name they share, either shape. */
export type ServerToClient = {
  [K in keyof ConsoleServerToClient | keyof DisplayServerToClient]: (
    payload: PayloadOf<ConsoleServerToClient, K> | PayloadOf<DisplayServerToClient, K>,
  ) => void;
};

/**
 * What clients may send: a console asks to follow an entity (the server checks it may read it).
 * Each check reads the database, so a socket gets SUBSCRIBE_LIMIT of them per SUBSCRIBE_WINDOW_MS;
 * past that the answer is `{ ok: false, error: 'rate_limited' }` without a check.
 */
export interface ClientToServer {
  subscribe: (
    request: { entityId: number },
    ack: (answer: { ok: boolean; error?: 'rate_limited' }) => void,
  ) => void;
}

/** Subscribe requests one socket may make per window (a console follows a handful of entities). */
export const SUBSCRIBE_LIMIT = 30;
export const SUBSCRIBE_WINDOW_MS = 10_000;

/** Everything a console socket hands its stores, as a union to narrow on `type`. */
export type ConsoleEvent = DomainEvent | ({ type: 'display.presence' } & PresencePayload);
