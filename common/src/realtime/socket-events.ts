import type { DomainEvent, EventEnvelope, EventType } from '../events';
import type { HeartbeatReport, RenderedReport, ScreenshotAck } from '../schemas/display-health';
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

/**
 * A display's health changed (a screenshot arrived, an error was reported): consoles refetch
 * `GET /api/entities/{displayId}/health`. Like presence, not a domain event (`seq` 0).
 */
export interface HealthPayload {
  id: string;
  seq: 0;
  entityId: number;
  data: { displayId: number; screenshotAt: string | null };
}

/** What a console socket receives: every domain event its user may read, as the catalogue types it. */
export type ConsoleServerToClient = { [T in EventType]: (payload: EventEnvelope<T>) => void } & {
  sync: (payload: SyncPayload) => void;
  'display.presence': (payload: PresencePayload) => void;
  'display.health': (payload: HealthPayload) => void;
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
 * What clients may send: a console asks to follow an entity (the server checks it may read it);
 * each check reads the database, so a user (or a screen) gets SUBSCRIBE_LIMIT of them per
 * SUBSCRIBE_WINDOW_MS over all its sockets, past that the answer is `{ ok: false, error: 'rate_limited' }` without a check. A display reports
 * its health, what it shows, and screenshots of itself (`schemas/display-health.ts`; the gateway
 * ignores these from a console and parses every report).
 */
export interface ClientToServer {
  subscribe: (
    request: { entityId: number },
    ack: (answer: { ok: boolean; error?: 'rate_limited' }) => void,
  ) => void;
  'display.heartbeat': (report: HeartbeatReport) => void;
  'display.rendered': (report: RenderedReport) => void;
  /** A JPEG or WebP thumbnail; the ack says whether it was stored. */
  'display.screenshot': (image: ArrayBuffer | Uint8Array, ack: (answer: ScreenshotAck) => void) => void;
}

/** Subscribe requests one user or screen may make per window, all its sockets together (a console follows a handful of entities). */
export const SUBSCRIBE_LIMIT = 30;
export const SUBSCRIBE_WINDOW_MS = 10_000;

/** Everything a console socket hands its stores, as a union to narrow on `type`. */
export type ConsoleEvent =
  | DomainEvent
  | ({ type: 'display.presence' } & PresencePayload)
  | ({ type: 'display.health' } & HealthPayload);
