import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WeatherDay } from '../../api/types';
import { Weather } from './Weather';

const days: WeatherDay[] = [
  {
    date: '2026-11-21',
    symbolCode: 'clearsky_day',
    temperature: -3.4,
    minTemperature: -6,
    maxTemperature: -1,
  },
  {
    date: '2026-11-22',
    symbolCode: 'lightsnowshowers_day',
    temperature: null,
    minTemperature: -4,
    maxTemperature: 2.2,
  },
  { date: '2026-11-23', symbolCode: 'rain', temperature: null, minTemperature: 1, maxTemperature: 5 },
];

const icons = () =>
  [...document.querySelectorAll('[data-widget="weather"] svg')].map((s) => s.getAttribute('aria-label'));

describe('Weather', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows today, tomorrow and the day after with a minus sign below 0', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-21T11:00:00Z'));
    render(<Weather days={days} timeZone="Europe/Oslo" />);
    expect(screen.getAllByTestId('weather-day').map((d) => d.firstChild?.textContent)).toEqual([
      'I dag',
      'I morgen',
      'I over\u00ADmorgen',
    ]);
    expect(screen.getAllByTestId('weather-temp').map((t) => t.textContent)).toEqual(['\u22123°', '2°', '5°']);
    expect(icons()).toEqual(['clearsky_day', 'lightsnowshowers_day', 'rain']);
  });

  it('uses the night symbol for today before 06:00', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-21T04:30:00Z')); // 05:30 in Oslo
    render(<Weather days={days} timeZone="Europe/Oslo" />);
    expect(icons()).toEqual(['clearsky_night', 'lightsnowshowers_day', 'rain']);
    expect(document.querySelector('svg')?.getAttribute('data-family')).toBe('clearsky');
  });

  it("shows MET's night symbol at 22:30, not a sun", () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-21T21:30:00Z')); // 22:30 in Oslo
    const evening = [{ ...days[0], symbolCode: 'clearsky_night' }, ...days.slice(1)];
    render(<Weather days={evening} timeZone="Europe/Oslo" />);
    expect(icons()[0]).toBe('clearsky_night');
  });

  it('moves on at midnight and hides when no day matches', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-22T12:00:00Z'));
    render(<Weather days={days} timeZone="Europe/Oslo" />);
    expect(icons()).toEqual(['lightsnowshowers_day', 'rain']);
    cleanup();
    vi.setSystemTime(Date.parse('2026-12-01T12:00:00Z'));
    const { container } = render(<Weather days={days} timeZone="Europe/Oslo" />);
    expect(container.innerHTML).toBe('');
  });
});
