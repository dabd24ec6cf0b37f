import { describe, expect, it } from 'vitest';
import { type DisplayContent, emptyContent, type Manifest } from '../api/types';
import { onScreen, onScreenKey } from './on-screen';

const manifest = (modules: string[]) =>
  ({ modules: modules.map((name) => ({ name })) }) as unknown as Manifest;
const NOW = Date.parse('2026-03-02T12:00:00Z');
const note = (id: number, start: number, end: number | null) =>
  ({ id, start, end }) as unknown as DisplayContent['notes'][number];
const slide = (id: string, start: number | null, end: number | null) =>
  ({ id, start, end }) as unknown as DisplayContent['banners'][number];

describe('what is on screen', () => {
  const content: DisplayContent = {
    ...emptyContent(),
    notes: [
      note(3, NOW - 1000, null),
      note(1, NOW - 1000, NOW + 1000),
      note(2, NOW + 60_000, null),
      note(4, 0, NOW - 1),
    ],
    banners: [slide('12', null, null), slide('11', NOW + 1000, null)],
    fallback: [slide('fallback-0', null, null)],
  };

  it('lists the notes between start and end and the active banner slides, sorted', () => {
    expect(onScreen(manifest(['notes', 'banners']), content, NOW)).toEqual({ notes: [1, 3], slides: [12] });
  });

  it('leaves out what a switched-off module does not show', () => {
    expect(onScreen(manifest(['banners']), content, NOW)).toEqual({ notes: [], slides: [12] });
    expect(onScreen(null, content, NOW)).toEqual({ notes: [], slides: [] });
  });

  it('keys a screen by content version and ids', () => {
    expect(onScreenKey({ notes: [1, 3], slides: [12] }, '"a"')).not.toBe(
      onScreenKey({ notes: [1, 3], slides: [12] }, '"b"'),
    );
  });
});
