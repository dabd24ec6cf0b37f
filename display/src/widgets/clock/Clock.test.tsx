import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Clock } from './Clock';

describe('Clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows HH:mm and the date in Europe/Oslo, refreshed every 5 s', () => {
    vi.setSystemTime(Date.parse('2026-11-21T11:59:57Z'));
    render(<Clock timeZone="Europe/Oslo" />);
    expect(screen.getByTestId('clock-time').textContent).toBe('12:59');
    expect(screen.getByTestId('clock-date').textContent).toBe('lørdag 21. november');
    act(() => vi.advanceTimersByTime(4000));
    // 13:00:01 already, but the clock only refreshes every 5 s.
    expect(screen.getByTestId('clock-time').textContent).toBe('12:59');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('clock-time').textContent).toBe('13:00');
  });

  it('rolls the date over at midnight Oslo time, not UTC', () => {
    vi.setSystemTime(Date.parse('2026-11-21T22:59:58Z'));
    render(<Clock timeZone="Europe/Oslo" />);
    expect(screen.getByTestId('clock-time').textContent).toBe('23:59');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('clock-time').textContent).toBe('00:00');
    expect(screen.getByTestId('clock-date').textContent).toBe('søndag 22. november');
  });
});
