import { cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DisplayContent, emptyContent, type Manifest } from '../api/types';
import { applyEvent } from '../realtime/apply-event';
import { NOW, wireManifest } from '../test-utils';
import { Player } from './Player';
import { languageAtom, playerStateAtom } from './state';

const alert = (id: number, patch: Partial<DisplayContent['alerts'][number]> = {}) => ({
  id,
  entityId: 2,
  template: 'water-leak' as const,
  title: null,
  text: null,
  from: '10:00',
  to: '14:00',
  expiresAt: null,
  createdAt: new Date(NOW - 1000).toISOString(),
  clearedAt: null,
  ...patch,
});

function show(
  content: Partial<DisplayContent>,
  manifest: Partial<Manifest> = {},
  language: 'no' | 'en' = 'no',
) {
  const store = createStore();
  store.set(languageAtom, language);
  store.set(playerStateAtom, {
    manifest: wireManifest(manifest),
    content: { ...emptyContent(), ...content },
    online: true,
  });
  render(
    <Provider store={store}>
      <Player />
    </Provider>,
  );
}

// 22:30 UTC is 23:30 in Oslo in winter: inside 23:00–06:00.
const NIGHT = { quietHours: { start: '23:00', end: '06:00', mode: 'blank' as const } };

describe('alert takeover and quiet hours in the player', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('covers the screen with the alert in the screen’s language first, the other after', () => {
    show({ alerts: [alert(1)] });
    const card = screen.getByTestId('alert-takeover');
    expect(card.querySelector('h1')?.textContent).toBe('Vannlekkasje');
    expect(card.textContent).toContain('fra 10:00 til 14:00');
    expect(card.textContent).toContain('Water leak');
    cleanup();
    show({ alerts: [alert(1)] }, {}, 'en');
    expect(screen.getByTestId('alert-takeover').querySelector('h1')?.textContent).toBe('Water leak');
  });

  it('leaves an expired alert off the screen', () => {
    show({ alerts: [alert(1, { expiresAt: new Date(NOW - 1).toISOString() })] });
    expect(screen.queryByTestId('alert-takeover')).toBeNull();
  });

  it('blanks or dims in quiet hours, and an alert wakes the screen above the blanking', () => {
    vi.setSystemTime(new Date('2026-01-15T22:30:00Z'));
    show({}, NIGHT);
    expect(screen.getByTestId('quiet-hours').dataset.mode).toBe('blank');
    cleanup();
    show({}, { quietHours: { ...NIGHT.quietHours, mode: 'dim' } });
    expect(screen.getByTestId('quiet-hours').dataset.mode).toBe('dim');
    cleanup();
    show({ alerts: [alert(1)] }, NIGHT);
    const blank = screen.getByTestId('quiet-hours');
    const card = screen.getByTestId('alert-takeover');
    // Later in the tree and on a higher layer: the alert is what shows.
    expect(blank.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(card.className).toContain('z-50');
    expect(blank.className).toContain('z-40');
  });

  it('is not quiet outside the window', () => {
    vi.setSystemTime(new Date('2026-01-15T12:00:00Z'));
    show({}, NIGHT);
    expect(screen.queryByTestId('quiet-hours')).toBeNull();
  });

  it('shows the all-clear card after a pushed clear of the alert on screen, for a few minutes', () => {
    const raised = applyEvent(emptyContent(), {
      type: 'alert.raised',
      id: 'e1',
      seq: 1,
      entityId: 2,
      data: { alert: alert(5) },
    });
    expect(raised.content.alerts.map((a) => a.id)).toEqual([5]);
    const cleared = applyEvent(raised.content, {
      type: 'alert.cleared',
      id: 'e2',
      seq: 2,
      entityId: 2,
      data: { id: 5 },
    });
    expect(cleared.content.alerts).toEqual([]);
    expect(cleared.content.allClearUntil).toBeGreaterThan(NOW);
    show(cleared.content);
    expect(screen.getByTestId('all-clear').textContent).toContain('Alt i orden');
    cleanup();
    vi.setSystemTime((cleared.content.allClearUntil ?? 0) + 1);
    show(cleared.content);
    expect(screen.queryByTestId('all-clear')).toBeNull();
    // A clear of an alert the screen never showed brings no card.
    expect(
      applyEvent(emptyContent(), { type: 'alert.cleared', id: 'e3', seq: 3, entityId: 2, data: { id: 9 } })
        .content.allClearUntil,
    ).toBeNull();
  });
});
