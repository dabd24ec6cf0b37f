import { describe, expect, it } from 'vitest';
import { freshness, TRANSIT_FRESHNESS, WEATHER_FRESHNESS } from './freshness';

const NOW = Date.parse('2026-11-21T10:42:00Z');
const min = 60_000;

describe('freshness of live data', () => {
  it('departures: fresh up to 3 min, then stale, hidden after 15 min', () => {
    expect(freshness(NOW - 3 * min, NOW, TRANSIT_FRESHNESS)).toBe('fresh');
    expect(freshness(NOW - 3 * min - 1, NOW, TRANSIT_FRESHNESS)).toBe('stale');
    expect(freshness(NOW - 15 * min, NOW, TRANSIT_FRESHNESS)).toBe('stale');
    expect(freshness(NOW - 15 * min - 1, NOW, TRANSIT_FRESHNESS)).toBe('expired');
  });

  it('forecast: fresh up to 2 h, then stale, hidden after 6 h', () => {
    expect(freshness(NOW - 120 * min, NOW, WEATHER_FRESHNESS)).toBe('fresh');
    expect(freshness(NOW - 120 * min - 1, NOW, WEATHER_FRESHNESS)).toBe('stale');
    expect(freshness(NOW - 360 * min, NOW, WEATHER_FRESHNESS)).toBe('stale');
    expect(freshness(NOW - 360 * min - 1, NOW, WEATHER_FRESHNESS)).toBe('expired');
  });

  it('no time, or a time ahead of the clock, is fresh', () => {
    expect(freshness(null, NOW, TRANSIT_FRESHNESS)).toBe('fresh');
    expect(freshness(NOW + 5 * min, NOW, TRANSIT_FRESHNESS)).toBe('fresh');
  });
});
