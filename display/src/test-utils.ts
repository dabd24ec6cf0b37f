import type { DisplayNote, Slide } from './api/types';

/** Fixed "now" for display tests: Saturday 21 November 2026, 12:00 UTC (13:00 in Oslo). */
export const NOW = Date.parse('2026-11-21T12:00:00Z');

export const note = (id: number, patch: Partial<DisplayNote> = {}): DisplayNote => ({
  id,
  entityId: 1,
  text: `<p>Note ${id}</p>`,
  icon: 'information',
  iconColor: '#019939',
  start: NOW - id * 60_000,
  end: null,
  sticky: false,
  ...patch,
});

export const slide = (id: string, patch: Partial<Slide> = {}): Slide => ({
  id,
  kind: 'image',
  imageUrl: `data:image/png;base64,${id}`,
  html: null,
  fontColor: null,
  start: null,
  end: null,
  duration: null,
  ...patch,
});
