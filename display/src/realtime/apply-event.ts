import { normalizeNote, parseTransit, parseWeather } from '../api/normalize';
import type { DisplayContent } from '../api/types';
import type { PushedEvent } from './socket';

export interface EventOutcome {
  content: DisplayContent;
  /** What to fetch again over REST to be authoritative. */
  refetch: 'none' | 'content' | 'all';
  command?: 'reload' | 'refresh';
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/**
 * Applies a pushed event to what is on screen at once, and says what to revalidate. Notes are
 * applied from the payload so they appear without waiting for a round trip; the REST refetch
 * that follows (a cheap 304 when nothing else changed) settles anything the payload cannot tell,
 * such as inheritance or approval rules.
 */
export function applyEvent(content: DisplayContent, event: PushedEvent): EventOutcome {
  const data = record(event.data);
  const payload = record(data.note ?? data);
  switch (event.type) {
    case 'note.created':
    case 'note.updated': {
      const note = normalizeNote(payload);
      if (!note) return { content, refetch: 'content' };
      const others = content.notes.filter((n) => n.id !== note.id);
      const visible = payload.approved !== false;
      return { content: { ...content, notes: visible ? [...others, note] : others }, refetch: 'content' };
    }
    case 'note.deleted': {
      const id = typeof payload.id === 'number' ? payload.id : Number(payload.id);
      return { content: { ...content, notes: content.notes.filter((n) => n.id !== id) }, refetch: 'content' };
    }
    case 'transit.updated':
      if (Array.isArray(data.stops))
        return { content: { ...content, transit: parseTransit(data) }, refetch: 'none' };
      return { content, refetch: 'content' };
    case 'weather.updated':
      if (Array.isArray(data.days))
        return { content: { ...content, weather: parseWeather(data) }, refetch: 'none' };
      return { content, refetch: 'content' };
    case 'content.created':
    case 'content.updated':
    case 'content.deleted':
    case 'asset.updated':
    case 'transitStop.changed':
      return { content, refetch: 'content' };
    case 'entity.updated':
    case 'entity.apiKeyRegenerated':
      return { content, refetch: 'all' };
    case 'display.command': {
      const command = data.command === 'reload' ? 'reload' : 'refresh';
      return { content, refetch: command === 'refresh' ? 'all' : 'none', command };
    }
    default:
      return { content, refetch: 'none' };
  }
}
