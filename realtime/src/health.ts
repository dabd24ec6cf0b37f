import { randomUUID } from 'node:crypto';
import {
  type AppDeps,
  displayMay,
  recordHeartbeat,
  recordRendered,
  storeScreenshot,
} from '@oppslag/api/core';
import { heartbeatReportSchema, renderedReportSchema, type ScreenshotAck } from '@oppslag/common';
import { messageOf } from '@oppslag/common/thrown.ts';
import { type GatewayServer, type GatewaySocket, rooms } from './identity';

/** The least time between two writes of one kind from one socket; more often is dropped, not queued. */
const MIN_GAP_MS = { heartbeat: 5_000, rendered: 1_000, screenshot: 2_000 } as const;
type Kind = keyof typeof MIN_GAP_MS;

/**
 * Screen health and proof of delivery, the gateway's side: a display's socket reports heartbeats,
 * what it shows and screenshots of itself; each report is parsed against the common schema and
 * written by the API's services. A stored screenshot is announced to the consoles following the
 * display (`display.health`), which refetch the health over REST. Memory per display socket is
 * three references to listeners that all sockets share, and one small record of when it last
 * wrote (the gateway's heap per display is measured by the performance bench).
 */
export class DisplayHealthReports {
  /** When each display socket last wrote each kind (a weak map: it goes with the socket). */
  private readonly lastWrite = new WeakMap<GatewaySocket, Record<Kind, number>>();

  constructor(
    private readonly io: GatewayServer,
    private readonly deps: AppDeps,
  ) {
    this.listeners = this.makeListeners();
  }

  /** The report listeners, shared by every display socket (each called with its socket as `this`). */
  private readonly listeners: ReturnType<DisplayHealthReports['makeListeners']>;

  attach(socket: GatewaySocket): void {
    const identity = socket.data.identity;
    // A console's preview token only reads (issue 28 item 1): its socket gets no report listeners,
    // so a forged heartbeat, "shown" report or screenshot from it is never written.
    if (identity.kind !== 'display' || !displayMay(identity, 'report')) return;
    socket.on('display.heartbeat', this.listeners.heartbeat);
    socket.on('display.rendered', this.listeners.rendered);
    socket.on('display.screenshot', this.listeners.screenshot);
  }

  private makeListeners() {
    const reports = this;
    const { deps } = this;
    const db = deps.database.db;
    const displayOf = (socket: GatewaySocket) => {
      const identity = socket.data.identity;
      return identity.kind === 'display' ? identity : null;
    };
    return {
      heartbeat(this: GatewaySocket, raw: unknown) {
        const display = displayOf(this);
        const report = heartbeatReportSchema.safeParse(raw);
        if (!display || !report.success || !reports.allow(this, 'heartbeat')) return;
        const { displayId } = display;
        void recordHeartbeat(db, displayId, report.data, deps.now()).catch((err: Error) =>
          deps.logger.warn({ err: err.message, displayId }, 'heartbeat not stored'),
        );
      },
      rendered(this: GatewaySocket, raw: unknown) {
        const display = displayOf(this);
        const report = renderedReportSchema.safeParse(raw);
        if (!display || !report.success || !reports.allow(this, 'rendered')) return;
        const { displayId } = display;
        void recordRendered(db, displayId, report.data, deps.now()).catch((err: Error) =>
          deps.logger.warn({ err: err.message, displayId }, 'delivery not stored'),
        );
      },
      async screenshot(this: GatewaySocket, image: unknown, ack: unknown) {
        const answer = (result: ScreenshotAck) => typeof ack === 'function' && ack(result);
        const display = displayOf(this);
        if (!display) return;
        if (!(image instanceof Uint8Array || image instanceof ArrayBuffer))
          return answer({ ok: false, reason: 'invalid_file' });
        if (!reports.allow(this, 'screenshot')) return answer({ ok: false, reason: 'payload_too_large' });
        const { displayId, ancestry } = display;
        const bytes = image instanceof Uint8Array ? image : new Uint8Array(image);
        const now = deps.now();
        try {
          const result = await storeScreenshot(db, displayId, bytes, now);
          if (result.ok)
            reports.io.to([...ancestry.map(rooms.entity), rooms.admin]).emit('display.health', {
              id: randomUUID(),
              seq: 0 as const,
              entityId: displayId,
              data: { displayId, screenshotAt: now.toISOString() },
            });
          answer(result);
        } catch (err) {
          deps.logger.warn({ err: messageOf(err), displayId }, 'screenshot not stored');
          answer({ ok: false, reason: 'invalid_file' });
        }
      },
    };
  }

  /** Whether this socket may write `kind` now (a misbehaving screen cannot flood the database). */
  private allow(socket: GatewaySocket, kind: Kind): boolean {
    const now = Date.now();
    let last = this.lastWrite.get(socket);
    if (!last) {
      last = { heartbeat: 0, rendered: 0, screenshot: 0 };
      this.lastWrite.set(socket, last);
    }
    if (now - last[kind] < MIN_GAP_MS[kind]) return false;
    last[kind] = now;
    return true;
  }
}
