import { describe, expect, it } from 'vitest';
import { departureText, minutesUntil, upcomingDepartures } from './departure-text';
import { badgeGeometry, LINE_COLORS, lineColor, OTHER_LINE_COLOR } from './line-badge';
import { nextIndex, slideRole } from './slideshow';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('departure text', () => {
  it('says now at 0 minutes, then 1 min, then {n} min', () => {
    expect(departureText(NOW, NOW, 'nå')).toBe('nå');
    expect(departureText(NOW + 59_000, NOW, 'nå')).toBe('nå');
    expect(departureText(NOW + 60_000, NOW, 'now')).toBe('1 min');
    expect(departureText(NOW + 119_000, NOW, 'now')).toBe('1 min');
    expect(departureText(NOW + 120_000, NOW, 'now')).toBe('2 min');
    expect(departureText(NOW + 17 * 60_000 + 5_000, NOW, 'now')).toBe('17 min');
  });

  it('never counts negative minutes for a departure that is due', () => {
    expect(minutesUntil(NOW - 20_000, NOW)).toBe(0);
  });

  it('keeps upcoming departures in time order, drops gone ones and caps the list', () => {
    const deps = [NOW + 300_000, NOW - 120_000, NOW + 60_000, NOW + 900_000, NOW - 10_000].map(
      (departureTime) => ({
        departureTime,
      }),
    );
    expect(upcomingDepartures(deps, NOW, 3).map((d) => d.departureTime)).toEqual([
      NOW - 10_000,
      NOW + 60_000,
      NOW + 300_000,
    ]);
  });
});

describe('line badge geometry', () => {
  it.each([
    ['5', 30, 50],
    ['31', 30, 50],
    ['110', 36, 40],
    ['FB2B', 43, 32],
    ['RE10X', 57, 24],
    ['L1234567', 57, 24],
  ])('%s is %i px wide with %i %% radius', (code, width, radius) => {
    expect(badgeGeometry(code)).toEqual({ width, radius });
  });
});

describe('line colours', () => {
  it('uses the spec colour for each kind of line', () => {
    expect(lineColor('metro', '5')).toBe('#EC700C');
    expect(lineColor('bus', '31')).toBe('#E60000');
    expect(lineColor('bus', '100')).toBe('#75A300');
    expect(lineColor('bus', '545')).toBe('#75A300');
    expect(lineColor('bus', 'FB2')).toBe('#949494');
    expect(lineColor('bus', 'fb5')).toBe(LINE_COLORS.airportBus);
    expect(lineColor('water', 'B9')).toBe('#628C88');
    expect(lineColor('rail', 'L2')).toBe('#003087');
    expect(lineColor('tram', '17')).toBe('#0B91EF');
    expect(lineColor('air', 'SK')).toBe(OTHER_LINE_COLOR);
  });

  it('treats bus line 99 as a city bus and a lettered line as a city bus', () => {
    expect(lineColor('bus', '99')).toBe(LINE_COLORS.cityBus);
    expect(lineColor('bus', 'N12')).toBe(LINE_COLORS.cityBus);
  });
});

describe('transit slideshow markers', () => {
  it('marks current, next and previous around the current stop, looping', () => {
    expect([0, 1, 2, 3].map((i) => slideRole(i, 0, 4))).toEqual(['current', 'next', 'hidden', 'previous']);
    expect([0, 1, 2, 3].map((i) => slideRole(i, 3, 4))).toEqual(['next', 'hidden', 'previous', 'current']);
  });

  it('has no neighbours with one stop and only a next one with two', () => {
    expect(slideRole(0, 0, 1)).toBe('current');
    expect([0, 1].map((i) => slideRole(i, 1, 2))).toEqual(['next', 'current']);
  });

  it('advances and wraps', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 1)).toBe(0);
  });
});
