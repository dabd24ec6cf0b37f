import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DisplayContent, emptyContent, type Manifest } from '../api/types';
import { NOW, note, slide, wireManifest } from '../test-utils';
import { Player } from './Player';
import { playerStateAtom } from './state';

const baseManifest: Partial<Manifest> = {
  codeWord: 'SOLBAKKEN',
  smsNumber: '2077',
  displayInformation: 'Vaktmester: 912 34 567',
  fallback: 'Velkommen hjem',
  display: {
    id: 7,
    name: 'Oppgang A',
    noteBoardBackgroundColor: '#f7d4d2',
    bannerFallbackText: 'Velkommen hjem',
    orientation: 0,
    largePrint: false,
  },
  organization: {
    id: 2,
    name: 'Solbakken',
    noteBoardBackgroundColor: '#eeeeee',
    orgnum: null,
    street: null,
    zip: null,
    city: null,
    phoneNumber: null,
    displayInformation: null,
    latitude: null,
    longitude: null,
  },
};

const liveContent = (): DisplayContent => ({
  ...emptyContent(),
  notes: [note(1)],
  banners: [slide('b1')],
  adsSmall: [slide('s1')],
  adsLarge: [slide('l1')],
  partnerLogo: [slide('p1')],
  transit: [
    {
      stopId: 's',
      label: 'Storo',
      departures: [
        {
          lineCode: '5',
          frontText: 'Vestli',
          departureTime: NOW + 120_000,
          transportMode: 'metro',
        },
      ],
    },
  ],
  weather: [{ date: '2026-11-21', symbolCode: 'rain', temperature: 2, minTemperature: 1, maxTemperature: 3 }],
});

function renderPlayer(manifest: Partial<Manifest>, content: DisplayContent = liveContent()) {
  const store = createStore();
  store.set(playerStateAtom, {
    manifest: wireManifest({ ...baseManifest, ...manifest }),
    content,
    online: true,
  });
  render(
    <Provider store={store}>
      <Player />
    </Provider>,
  );
  return store;
}

const widget = (name: string) => document.querySelector<HTMLElement>(`[data-widget="${name}"]`);

describe('Player layouts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  // Slots are drawn smaller than their sizes, at their own proportions, to give the note board room.
  const ratio = (name: string) =>
    Number.parseFloat(widget(name)?.style.width ?? '0') /
    Number.parseFloat(widget(name)?.style.height ?? '1');

  it('default layout: styretavla slots, banner 480×895 scaled, both ads, no partner logo', () => {
    renderPlayer({});
    expect(document.querySelector('[data-orientation]')?.getAttribute('data-orientation')).toBe('horizontal');
    expect(widget('banner')?.style.width).toBe('380px');
    expect(ratio('banner')).toBeCloseTo(480 / 895, 2);
    expect(ratio('adsLarge')).toBeCloseTo(590 / 630, 2);
    expect(ratio('adsSmall')).toBeCloseTo(480 / 175, 1);
    expect(widget('partnerLogo')).toBeNull();
    expect(widget('notes')?.style.backgroundColor).toBe('rgb(247, 212, 210)');
  });

  it('oppslag layout: the square banner and the partner logo, no ads, vertical when asked', () => {
    renderPlayer({ layout: 'oppslag', orientation: 1 });
    expect(document.querySelector('[data-orientation]')?.getAttribute('data-orientation')).toBe('vertical');
    expect(widget('banner')?.style.width).toBe('440px');
    expect(ratio('banner')).toBe(1);
    expect(widget('partnerLogo')?.style.width).toBe('480px');
    expect(widget('adsLarge')).toBeNull();
    expect(widget('adsSmall')).toBeNull();
  });

  it('hides weather and transit when switched off or without data', () => {
    renderPlayer({ modules: (['clock', 'notes', 'banners', 'info'] as const).map((name) => ({ name })) });
    expect(widget('weather')).toBeNull();
    expect(widget('transit')).toBeNull();
    expect(widget('clock')).not.toBeNull();
    cleanup();
    renderPlayer(
      {},
      { ...liveContent(), weather: [], transit: [{ stopId: 's', label: 'Storo', departures: [] }] },
    );
    expect(widget('weather')).toBeNull();
    expect(widget('transit')).toBeNull();
  });

  it('says when stale departures and forecast are from, and hides them when too old to trust', () => {
    const min = 60_000;
    const updated = () => [...document.querySelectorAll('[data-testid="updated"]')].map((e) => e.textContent);
    renderPlayer(
      {},
      { ...liveContent(), transitUpdatedAt: NOW - 2 * min, weatherUpdatedAt: NOW - 100 * min },
    );
    expect(updated()).toEqual([]);
    cleanup();
    // 4 minutes and 3 hours old: shown, with the time of the poll (Oslo time).
    renderPlayer(
      {},
      { ...liveContent(), transitUpdatedAt: NOW - 4 * min, weatherUpdatedAt: NOW - 180 * min },
    );
    const at = (ms: number) =>
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Europe/Oslo',
      }).format(ms);
    expect(updated().sort()).toEqual(
      [`oppdatert ${at(NOW - 180 * min)}`, `oppdatert ${at(NOW - 4 * min)}`].sort(),
    );
    expect(widget('transit')).not.toBeNull();
    expect(widget('weather')).not.toBeNull();
    cleanup();
    // 16 minutes and 7 hours old: not shown at all.
    renderPlayer(
      {},
      { ...liveContent(), transitUpdatedAt: NOW - 16 * min, weatherUpdatedAt: NOW - 420 * min },
    );
    expect(widget('transit')).toBeNull();
    expect(widget('weather')).toBeNull();
    expect(widget('clock')).not.toBeNull();
  });

  it('shows the SMS hint with code word and number, and the display information', () => {
    renderPlayer({});
    expect(screen.getByTestId('sms-hint').textContent).toBe(
      'Legg ut et oppslag: send en SMS som starter med SOLBAKKEN til 2077',
    );
    expect(screen.getByTestId('display-information').textContent).toBe('Vaktmester: 912 34 567');
    cleanup();
    renderPlayer({ showCodeWord: false });
    expect(screen.queryByTestId('sms-hint')).toBeNull();
    expect(screen.getByTestId('display-information')).toBeTruthy();
  });

  it('shows the fallback text when no banner is active', () => {
    renderPlayer({}, { ...liveContent(), banners: [slide('old', { end: NOW - 1 })] });
    expect(widget('banner')?.textContent).toBe('Velkommen hjem');
  });

  it('follows a content change in the store without remounting', () => {
    const store = renderPlayer({});
    const board = widget('notes');
    act(() => {
      const state = store.get(playerStateAtom);
      store.set(playerStateAtom, {
        ...state,
        content: { ...state.content, notes: [note(1), note(2, { start: NOW })] },
      });
    });
    expect(screen.getAllByTestId('note')).toHaveLength(2);
    expect(widget('notes')).toBe(board);
  });
});
