import { describe, expect, it } from 'vitest';
import { emptyContent } from '../api/types';
import { NOW, note } from '../test-utils';
import { applyEvent } from './apply-event';
import { SeqTracker } from './seq-tracker';

const event = (type: string, data: unknown, seq = 1) => ({ type, id: `e${seq}`, seq, entityId: 7, data });

describe('SeqTracker', () => {
  it('applies the next number, ignores repeats and reports gaps per entity', () => {
    const t = new SeqTracker();
    expect(t.check(7, 10)).toBe('apply');
    expect(t.check(7, 11)).toBe('apply');
    expect(t.check(7, 11)).toBe('duplicate');
    expect(t.check(7, 9)).toBe('duplicate');
    expect(t.check(8, 1)).toBe('apply');
    expect(t.check(7, 13)).toBe('gap');
    expect(t.check(7, 14)).toBe('apply');
  });

  it('takes the first event after a reset as the baseline', () => {
    const t = new SeqTracker();
    t.check(7, 3);
    t.reset();
    expect(t.check(7, 40)).toBe('apply');
  });
});

describe('applyEvent', () => {
  const content = { ...emptyContent(), notes: [note(1), note(2)] };

  it('adds an approved note from the payload and asks for a revalidation', () => {
    const out = applyEvent(
      content,
      event('note.created', {
        id: 3,
        text: '<p>Ny</p>',
        date: new Date(NOW).toISOString(),
        approved: true,
        sticky: false,
      }),
    );
    expect(out.content.notes.map((n) => n.id)).toEqual([1, 2, 3]);
    expect(out.refetch).toBe('content');
  });

  it('replaces an updated note and removes one that is no longer approved', () => {
    const updated = applyEvent(
      content,
      event('note.updated', { note: { id: 2, text: 'endret', date: NOW, approved: true } }),
    );
    expect(updated.content.notes.find((n) => n.id === 2)?.text).toBe('endret');
    const rejected = applyEvent(
      content,
      event('note.updated', { id: 2, text: 'x', date: NOW, approved: false }),
    );
    expect(rejected.content.notes.map((n) => n.id)).toEqual([1]);
  });

  it('removes a deleted note', () => {
    expect(applyEvent(content, event('note.deleted', { id: 1 })).content.notes.map((n) => n.id)).toEqual([2]);
  });

  it('refetches when a payload is too thin to apply', () => {
    const out = applyEvent(content, event('note.created', { id: 5 }));
    expect(out.content).toBe(content);
    expect(out.refetch).toBe('content');
  });

  it('applies transit and weather payloads directly', () => {
    const transit = applyEvent(
      content,
      event('transit.updated', {
        stops: [
          {
            stopId: 's',
            label: 'Storo',
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
    const weather = applyEvent(
      content,
      event('weather.updated', {
        days: [
          { date: '2026-11-21', symbolCode: 'fog', temperature: 1, minTemperature: 0, maxTemperature: 2 },
        ],
      }),
    );
    expect(weather.content.weather[0].symbolCode).toBe('fog');
  });

  it('refetches on content and entity changes and passes display commands on', () => {
    expect(applyEvent(content, event('content.updated', { id: 1 })).refetch).toBe('content');
    expect(applyEvent(content, event('entity.updated', { id: 7 })).refetch).toBe('all');
    expect(applyEvent(content, event('display.command', { command: 'reload' })).command).toBe('reload');
    const refresh = applyEvent(content, event('display.command', { command: 'refresh' }));
    expect([refresh.command, refresh.refetch]).toEqual(['refresh', 'all']);
    expect(applyEvent(content, event('member.added', {})).refetch).toBe('none');
  });
});
