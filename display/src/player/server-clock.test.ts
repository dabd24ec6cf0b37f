import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockOffset, observeServerDate, resetClock, serverNow } from './server-clock';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3600_000;

describe('server clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    resetClock();
    vi.useRealTimers();
  });

  it('is the device clock until the server has answered', () => {
    expect(serverNow()).toBe(NOW);
  });

  it('learns a device two hours slow or fast from an answer’s Date header', () => {
    // The device says 12:00; the server stamped 14:00:00 (somewhere in that second).
    observeServerDate(new Date(NOW + 2 * HOUR).toUTCString(), NOW - 40, NOW + 40);
    expect(Math.abs(serverNow() - (NOW + 2 * HOUR))).toBeLessThanOrEqual(500);
    observeServerDate(new Date(NOW - 2 * HOUR).toUTCString(), NOW - 40, NOW + 40);
    expect(Math.abs(serverNow() - (NOW - 2 * HOUR))).toBeLessThanOrEqual(500);
  });

  it('takes the middle of the round trip and of the stamped second', () => {
    observeServerDate(new Date(NOW + 90_000).toUTCString(), NOW - 200, NOW + 200);
    expect(clockOffset()).toBe(90_500);
  });

  it('ignores moves under a second once known (Date has whole seconds), and bad headers', () => {
    observeServerDate(new Date(NOW).toUTCString(), NOW, NOW);
    const first = clockOffset();
    observeServerDate(new Date(NOW).toUTCString(), NOW + 300, NOW + 300);
    expect(clockOffset()).toBe(first);
    observeServerDate('not a date', NOW, NOW);
    observeServerDate(null, NOW, NOW);
    expect(clockOffset()).toBe(first);
  });
});
