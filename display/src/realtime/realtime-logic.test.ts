import { parseDisplayEvent } from '@oppslag/common/realtime/index.ts';
import { describe, expect, it } from 'vitest';
import { emptyContent } from '../api/types';
import { NOW, note } from '../test-utils';
import { applyEvent } from './apply-event';

/** An event as the socket hands it over: parsed by the display catalogue. */
const event = (type: string, data: unknown, seq = 1) => {
  const parsed = parseDisplayEvent(type, { id: `e${seq}`, seq, entityId: 7, data });
  if (!parsed) throw new Error(`not a display event: ${type}`);
  return parsed;
};

const pushedNote = (id: number, text: string) => ({
  id,
  entityId: 7,
  text,
  icon: 'information',
  iconColor: '#019939',
  date: new Date(NOW).toISOString(),
  end: null,
  sticky: false,
  state: 'active',
});

describe('applyEvent', () => {
  const content = { ...emptyContent(), notes: [note(1), note(2)] };

  it('adds a pushed note at once and asks for a revalidation', () => {
    const out = applyEvent(content, event('note.created', { note: pushedNote(3, '<p>Ny</p>') }));
    expect(out.content.notes.map((n) => n.id)).toEqual([1, 2, 3]);
    expect(out.refetch).toBe('content');
  });

  it('replaces an updated note and removes a deleted one', () => {
    const updated = applyEvent(content, event('note.updated', { note: pushedNote(2, 'endret') }));
    expect(updated.content.notes.find((n) => n.id === 2)?.text).toBe('endret');
    expect(applyEvent(content, event('note.deleted', { id: 1 })).content.notes.map((n) => n.id)).toEqual([2]);
  });

  it('refuses pushes outside the display catalogue: pending notes, members, entity records', () => {
    const pending = { note: { ...pushedNote(5, 'x'), approved: false } };
    // Extra fields are stripped, never passed on; a wrong shape is dropped.
    expect(parseDisplayEvent('note.created', { id: 'e', seq: 1, entityId: 7, data: pending })?.data).toEqual({
      note: pushedNote(5, 'x'),
    });
    expect(parseDisplayEvent('note.created', { id: 'e', seq: 1, entityId: 7, data: { id: 5 } })).toBeNull();
    expect(
      parseDisplayEvent('member.added', { id: 'e', seq: 1, entityId: 7, data: { userId: 1 } }),
    ).toBeNull();
    expect(parseDisplayEvent('entity.created', { id: 'e', seq: 1, entityId: 7, data: {} })).toBeNull();
  });

  it('applies transit and weather payloads directly', () => {
    const transit = applyEvent(
      content,
      event('transit.updated', {
        entityId: 7,
        updatedAt: '2026-11-21T12:00:00Z',
        stops: [
          {
            stopId: 's',
            label: 'Storo',
            name: null,
            departures: [
              {
                lineCode: '5',
                frontText: 'Vestli',
                departureTime: '2026-11-21T12:05:00Z',
                transportMode: 'metro',
              },
            ],
          },
        ],
      }),
    );
    expect(transit.content.transit[0].departures[0].lineCode).toBe('5');
    expect(transit.refetch).toBe('none');
    // When the worker polled: what the freshness line and the hiding of old data go by.
    expect(transit.content.transitUpdatedAt).toBe(Date.parse('2026-11-21T12:00:00Z'));
    const weather = applyEvent(
      content,
      event('weather.updated', {
        organizationId: 2,
        latitude: 59.9,
        longitude: 10.7,
        updatedAt: '2026-11-21T12:00:00Z',
        days: [
          { date: '2026-11-21', symbolCode: 'fog', temperature: 1, minTemperature: 0, maxTemperature: 2 },
        ],
      }),
    );
    expect(weather.content.weather[0].symbolCode).toBe('fog');
    expect(weather.content.weatherUpdatedAt).toBe(Date.parse('2026-11-21T12:00:00Z'));
  });

  it('refetches on content and entity changes and passes display commands on', () => {
    expect(applyEvent(content, event('content.updated', { id: 1, slot: 'banner' })).refetch).toBe('content');
    expect(applyEvent(content, event('entity.updated', { changed: ['name'] })).refetch).toBe('all');
    expect(applyEvent(content, event('display.command', { command: 'reload' })).command).toBe('reload');
    const refresh = applyEvent(content, event('display.command', { command: 'refresh' }));
    expect([refresh.command, refresh.refetch]).toEqual(['refresh', 'all']);
  });
});
