import { describe, expect, it } from 'vitest';
import { bannerAccess, readView, slotBox, timelineRange, viewCookie } from './banner-view';

describe('banner editor view', () => {
  it('reads the banner-editor-view cookie, defaulting to swimlanes', () => {
    expect(readView('')).toBe('swimlanes');
    expect(readView('a=1; banner-editor-view=list')).toBe('list');
    expect(readView('banner-editor-view=grid')).toBe('swimlanes');
    expect(viewCookie('list')).toMatch(/^banner-editor-view=list; path=\//);
  });

  it('makes inherited and master banners read-only and locked ones not editable', () => {
    expect(bannerAccess({ inherited: true, master: false, locked: false })).toBe('inherited');
    expect(bannerAccess({ inherited: false, master: true, locked: false })).toBe('inherited');
    expect(bannerAccess({ inherited: false, master: false, locked: true })).toBe('locked');
    expect(bannerAccess({ inherited: false, master: false, locked: false })).toBe('editable');
  });

  it('lays slots out at 30 px per day', () => {
    const now = new Date(2026, 2, 2, 10);
    const item = { start: new Date(2026, 2, 4).toISOString(), end: new Date(2026, 2, 6).toISOString() };
    const range = timelineRange([item], now);
    expect(range.from).toBe(new Date(2026, 2, 2).getTime());
    expect(range.days).toBe(30);
    expect(slotBox(item, range)).toEqual({ left: 60, width: 60 });
  });
});
