import { HEALTH_HEARTBEAT_MS, RENDERED_DEBOUNCE_MS } from '@oppslag/common/schemas/display-health.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnScreen } from './on-screen';
import { createHealthReporter, type HealthTransport } from './reporter';

function setup(shown: OnScreen = { notes: [1], slides: [] }) {
  const sent = { heartbeats: 0, rendered: [] as unknown[], screenshots: 0 };
  let connected = true;
  let current = shown;
  const transport: HealthTransport = {
    connected: () => connected,
    heartbeat: () => {
      sent.heartbeats += 1;
    },
    rendered: (r) => sent.rendered.push(r),
    screenshot: async () => {
      sent.screenshots += 1;
      return { ok: true };
    },
  };
  const reporter = createHealthReporter({
    transport,
    playerVersion: 'test',
    contentVersion: () => '"v1"',
    onScreen: () => current,
    screenSize: () => ({ width: 1920, height: 1080 }),
    capture: async () => new Uint8Array([0xff, 0xd8, 0xff]),
    firstScreenshotMs: 10_000,
  });
  return {
    reporter,
    sent,
    show: (s: OnScreen) => {
      current = s;
    },
    disconnect: () => {
      connected = false;
    },
  };
}

describe('health reporter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('confirms what is on screen once it has settled, and only when it changed', async () => {
    const { reporter, sent, show } = setup();
    reporter.connected();
    expect(sent.heartbeats).toBe(1);
    // Three changes in quick succession are one confirmation.
    reporter.changed();
    await vi.advanceTimersByTimeAsync(RENDERED_DEBOUNCE_MS / 2);
    reporter.changed();
    await vi.advanceTimersByTimeAsync(RENDERED_DEBOUNCE_MS / 2);
    reporter.changed();
    expect(sent.rendered).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(RENDERED_DEBOUNCE_MS);
    expect(sent.rendered).toEqual([{ contentVersion: '"v1"', notes: [1], slides: [] }]);
    // The same screen again is not sent again; a new note is.
    reporter.changed();
    await vi.advanceTimersByTimeAsync(RENDERED_DEBOUNCE_MS);
    expect(sent.rendered).toHaveLength(1);
    show({ notes: [1, 2], slides: [7] });
    reporter.changed();
    await vi.advanceTimersByTimeAsync(RENDERED_DEBOUNCE_MS);
    expect(sent.rendered).toHaveLength(2);
    reporter.stop();
  });

  it('sends a heartbeat every minute and a screenshot soon after connecting and on request', async () => {
    const { reporter, sent } = setup();
    reporter.connected();
    await vi.advanceTimersByTimeAsync(HEALTH_HEARTBEAT_MS * 3);
    expect(sent.heartbeats).toBe(4);
    expect(sent.screenshots).toBe(1);
    await reporter.screenshot();
    expect(sent.screenshots).toBe(2);
    reporter.stop();
  });

  it('confirms again after a reconnect (the server may have missed it) and sends nothing while offline', async () => {
    const { reporter, sent, disconnect } = setup();
    reporter.connected();
    await vi.advanceTimersByTimeAsync(RENDERED_DEBOUNCE_MS);
    reporter.connected();
    await vi.advanceTimersByTimeAsync(RENDERED_DEBOUNCE_MS);
    expect(sent.rendered).toHaveLength(2);
    disconnect();
    const before = sent.heartbeats;
    await vi.advanceTimersByTimeAsync(HEALTH_HEARTBEAT_MS * 2);
    await reporter.screenshot();
    expect(sent.heartbeats).toBe(before);
    reporter.stop();
  });

  it('reports an error at once, and errors in a burst ride on later heartbeats', async () => {
    const { reporter, sent } = setup();
    reporter.connected();
    reporter.reportError('boom');
    expect(sent.heartbeats).toBe(2);
    reporter.reportError('boom again');
    expect(sent.heartbeats).toBe(2);
    reporter.stop();
  });
});
