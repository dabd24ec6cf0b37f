import { localDate, wallClock } from '@oppslag/common/oslo-time.ts';
import { describe, expect, it } from 'vitest';
import { formatTemperature, isNight, symbolForTime, todaySymbol } from './night';
import { symbolInfo } from './symbols';

describe('night', () => {
  it('is night before 06:00 Europe/Oslo', () => {
    // 04:59 UTC is 05:59 in Oslo in winter (UTC+1); 05:00 UTC is 06:00.
    expect(isNight(Date.parse('2026-11-21T04:59:00Z'), 'Europe/Oslo')).toBe(true);
    expect(isNight(Date.parse('2026-11-21T05:00:00Z'), 'Europe/Oslo')).toBe(false);
    expect(isNight(Date.parse('2026-11-20T23:30:00Z'), 'Europe/Oslo')).toBe(true);
    // Summer time (UTC+2): 03:59 UTC is 05:59.
    expect(isNight(Date.parse('2026-07-01T03:59:00Z'), 'Europe/Oslo')).toBe(true);
    expect(wallClock(Date.parse('2026-07-01T04:00:00Z'), 'Europe/Oslo').hour).toBe(6);
  });

  it("keeps MET's night symbol for today's coming hour in the evening, and goes night before 06:00", () => {
    const at2230 = Date.parse('2026-11-21T21:30:00Z'); // 22:30 in Oslo
    expect(todaySymbol('clearsky_night', at2230, 'Europe/Oslo')).toBe('clearsky_night');
    expect(todaySymbol('fair_polartwilight', at2230, 'Europe/Oslo')).toBe('fair_polartwilight');
    const at0530 = Date.parse('2026-11-21T04:30:00Z');
    expect(todaySymbol('clearsky_day', at0530, 'Europe/Oslo')).toBe('clearsky_night');
    expect(todaySymbol('rain', at0530, 'Europe/Oslo')).toBe('rain');
    expect(todaySymbol('clearsky_day', Date.parse('2026-11-21T11:00:00Z'), 'Europe/Oslo')).toBe(
      'clearsky_day',
    );
  });

  it('switches symbols with a day/night variant and leaves the others', () => {
    expect(symbolForTime('clearsky_day', true)).toBe('clearsky_night');
    expect(symbolForTime('fair_polartwilight', false)).toBe('fair_day');
    expect(symbolForTime('rain', true)).toBe('rain');
  });
});

describe('temperatures', () => {
  it('rounds and shows a minus sign below 0', () => {
    expect(formatTemperature(-3.6)).toBe('\u22124°');
    expect(formatTemperature(-0.4)).toBe('0°');
    expect(formatTemperature(-0.5)).toBe('\u22121°');
    expect(formatTemperature(0.5)).toBe('1°');
    expect(formatTemperature(-0)).toBe('0°');
    expect(formatTemperature(-0.04)).toBe('0°');
    expect(formatTemperature(0)).toBe('0°');
    expect(formatTemperature(12.5)).toBe('13°');
    expect(formatTemperature(null)).toBe('–');
  });
});

describe('local dates', () => {
  it('uses the Oslo calendar day and counts forward', () => {
    const lateEvening = Date.parse('2026-11-21T23:30:00Z'); // 00:30 on the 22nd in Oslo
    expect(localDate(lateEvening, 0, 'Europe/Oslo')).toBe('2026-11-22');
    expect(localDate(lateEvening, 2, 'Europe/Oslo')).toBe('2026-11-24');
    expect(localDate(Date.parse('2026-12-31T12:00:00Z'), 1, 'Europe/Oslo')).toBe('2027-01-01');
  });
});

describe('MET symbol families', () => {
  it.each([
    ['clearsky_day', 'clearsky', false],
    ['clearsky_night', 'clearsky', true],
    ['fair_polartwilight', 'fair', true],
    ['partlycloudy_night', 'partlycloudy', true],
    ['cloudy', 'cloudy', false],
    ['rain', 'rain', false],
    ['lightrain', 'lightrain', false],
    ['heavyrain', 'heavyrain', false],
    ['heavyrainshowers_day', 'heavyrain', false],
    ['rainshowers_day', 'showers', false],
    ['lightrainshowers_night', 'showers', true],
    ['snow', 'snow', false],
    ['lightsnowshowers_day', 'snow', false],
    ['sleet', 'sleet', false],
    ['heavysleetshowers_night', 'sleet', true],
    ['fog', 'fog', false],
    ['rainandthunder', 'thunder', false],
    ['heavysnowshowersandthunder_day', 'thunder', false],
  ])('%s → %s', (code, family, night) => {
    expect(symbolInfo(code)).toEqual({ family, night });
  });
});
