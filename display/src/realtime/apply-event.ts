import { ALL_CLEAR_MS } from '@oppslag/common/alerts.ts';
import type { DisplayEvent } from '@oppslag/common/realtime/index.ts';
import { normalizeNote, parseTransit, parseUpdatedAt, parseWeather } from '../api/normalize';
import type { DisplayContent } from '../api/types';
import { serverNow } from '../player/server-clock';

export interface EventOutcome {
  content: DisplayContent;
  /** What to fetch again over REST to be authoritative. */
  refetch: 'none' | 'content' | 'all';
  command?: 'reload' | 'refresh' | 'screenshot';
}

/**
 * Applies a pushed event to what is on screen at once, and says what to revalidate. The gateway
 * sends a display only notes it shows (approved, current or upcoming), so a note is applied from
 * the payload and appears without waiting for a round trip; the REST refetch that follows (a cheap
 * 304 when nothing else changed) settles what the payload cannot tell, such as inheritance.
 */
export function applyEvent(content: DisplayContent, event: DisplayEvent): EventOutcome {
  switch (event.type) {
    case 'note.created':
    case 'note.updated': {
      const note = normalizeNote(event.data.note);
      if (!note) return { content, refetch: 'content' };
      const others = content.notes.filter((n) => n.id !== note.id);
      return { content: { ...content, notes: [...others, note] }, refetch: 'content' };
    }
    case 'note.deleted':
      return {
        content: { ...content, notes: content.notes.filter((n) => n.id !== event.data.id) },
        refetch: 'content',
      };
    case 'transit.updated':
      return {
        content: {
          ...content,
          transit: parseTransit(event.data),
          transitUpdatedAt: parseUpdatedAt(event.data),
        },
        refetch: 'none',
      };
    case 'weather.updated':
      return {
        content: {
          ...content,
          weather: parseWeather(event.data),
          weatherUpdatedAt: parseUpdatedAt(event.data),
        },
        refetch: 'none',
      };
    case 'content.created':
    case 'content.updated':
    case 'content.deleted':
    case 'asset.updated':
    case 'transitStop.changed':
      return { content, refetch: 'content' };
    case 'entity.updated':
      return { content, refetch: 'all' };
    case 'alert.raised': {
      // The screen takes over from the push itself; the refetch only confirms it.
      const others = content.alerts.filter((a) => a.id !== event.data.alert.id);
      return {
        content: { ...content, alerts: [event.data.alert, ...others], allClearUntil: null },
        refetch: 'content',
      };
    }
    case 'alert.cleared': {
      // The all-clear card only follows an alert this screen was showing.
      if (!content.alerts.some((a) => a.id === event.data.id)) return { content, refetch: 'content' };
      const alerts = content.alerts.filter((a) => a.id !== event.data.id);
      // Timed on the server's clock, as the overlay that reads it is (issue 31 item 13).
      return {
        content: { ...content, alerts, allClearUntil: serverNow() + ALL_CLEAR_MS },
        refetch: 'content',
      };
    }
    case 'display.command': {
      const { command } = event.data;
      return { content, refetch: command === 'refresh' ? 'all' : 'none', command };
    }
  }
}
