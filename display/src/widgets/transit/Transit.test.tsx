import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StopDepartures } from '../../api/types';
import { NOW } from '../../test-utils';
import { TRANSIT_SLIDE_MS, Transit } from './Transit';

const stop = (
  stopId: string,
  label: string,
  minutes: number[],
  mode = 'bus',
  line = '31',
): StopDepartures => ({
  stopId,
  label,
  departures: minutes.map((m) => ({
    lineCode: line,
    frontText: `${label} sentrum`,
    departureTime: NOW + m * 60_000 + 10_000,
    transportMode: mode,
  })),
});

const roles = () =>
  [...document.querySelectorAll('[data-widget="transit"] section')].map((s) => s.getAttribute('data-role'));

describe('Transit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows departures as nå, 1 min and {n} min with coloured line badges', () => {
    render(<Transit stops={[stop('NSR:StopPlace:1', 'Storo', [0, 1, 12], 'metro', '5')]} />);
    const rows = screen.getAllByTestId('departure').map((r) => r.textContent);
    expect(rows).toEqual(['5Storo sentrumnå', '5Storo sentrum1 min', '5Storo sentrum12 min']);
    const badge = screen.getAllByTestId('line-badge')[0];
    expect(badge.style.backgroundColor).toBe('rgb(236, 112, 12)');
    expect(badge.style.borderRadius).toBe('50%');
    expect(badge.style.width).toBe('60px');
    // Black on the metro's orange (7:1); white was 3.0:1.
    expect(badge.style.color).toBe('rgb(0, 0, 0)');
  });

  it('rotates stops, marking current, next and previous', () => {
    render(<Transit stops={[stop('a', 'A', [2]), stop('b', 'B', [3]), stop('c', 'C', [4])]} />);
    expect(roles()).toEqual(['current', 'next', 'previous']);
    act(() => vi.advanceTimersByTime(TRANSIT_SLIDE_MS));
    expect(roles()).toEqual(['previous', 'current', 'next']);
    act(() => vi.advanceTimersByTime(TRANSIT_SLIDE_MS * 2));
    expect(roles()).toEqual(['current', 'next', 'previous']);
  });

  it('counts down as time passes and drops departures that have left', () => {
    render(<Transit stops={[stop('a', 'A', [1, 30])]} />);
    expect(screen.getAllByTestId('departure')[0].textContent).toContain('1 min');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getAllByTestId('departure')[0].textContent).toContain('nå');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getAllByTestId('departure')).toHaveLength(1);
    expect(screen.getByTestId('departure').textContent).toContain('28 min');
  });

  it('hides itself without departures', () => {
    const { container } = render(<Transit stops={[stop('a', 'A', [])]} />);
    expect(container.innerHTML).toBe('');
  });
});
