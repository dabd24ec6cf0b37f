import { describe, expect, it } from 'vitest';
import { mergeTransit } from './display-content.service';

const cached = (entityId: number, updatedAt: string, stopIds: string[]) =>
  JSON.stringify({
    entityId,
    updatedAt,
    stops: stopIds.map((stopId) => ({ stopId, label: stopId, name: null, departures: [] })),
  });

describe('transit along the display chain', () => {
  it('merges stops of the display and its ancestors, nearest first, each stop once', () => {
    const merged = JSON.parse(
      mergeTransit(9, [
        cached(9, '2026-11-21T10:00:00Z', ['NSR:StopPlace:1']),
        null,
        cached(2, '2026-11-21T10:01:00Z', ['NSR:StopPlace:1', 'NSR:StopPlace:2']),
      ])!,
    );
    expect(merged.entityId).toBe(9);
    expect(merged.updatedAt).toBe('2026-11-21T10:01:00Z');
    expect(merged.stops.map((s: { stopId: string }) => s.stopId)).toEqual([
      'NSR:StopPlace:1',
      'NSR:StopPlace:2',
    ]);
  });

  it('is null when nothing along the chain was polled, and ignores unreadable values', () => {
    expect(mergeTransit(9, [null, 'not json', null])).toBeNull();
  });
});
