import { wallClock } from '@oppslag/common/oslo-time.ts';

/** Night is before 06:00 local time (spec §4); local time as the one Oslo time module reads it. */
export const isNight = (at: number, timeZone: string) => wallClock(at, timeZone).hour < 6;

/**
 * Today's symbol (issue 12 item 8). After noon the worker keeps MET's symbol for the coming hour,
 * so its day/night/polar-twilight variant is MET's word for that hour and is shown as it is (a
 * `_night` symbol at 22:30 stays a moon). Before noon the symbol is the one nearest midday; it
 * says nothing about the small hours, so before 06:00 (spec §4) its night variant is shown.
 */
export function todaySymbol(symbolCode: string, at: number, timeZone: string): string {
  return isNight(at, timeZone) ? symbolForTime(symbolCode, true) : symbolCode;
}

/** A MET symbol code switched to its night variant when it has a day/night variant. */
export function symbolForTime(symbolCode: string, night: boolean): string {
  const m = /^(.*)_(day|night|polartwilight)$/.exec(symbolCode);
  if (!m) return symbolCode;
  return `${m[1]}_${night ? 'night' : 'day'}`;
}

/**
 * Temperature as shown: whole degrees, with a real minus sign below 0 (spec §4). Rounded half away
 * from zero, the same both sides of 0 (JavaScript's Math.round takes −0.5 to −0 but 0.5 to 1), and
 * a value that rounds to zero is "0°", never "−0°": −0.4 °C is shown as 0° (decided for issue 12
 * item 8, as yr.no does), −0.5 °C as −1°.
 */
export function formatTemperature(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '–';
  const whole = Math.round(Math.abs(value));
  if (whole === 0) return '0°';
  return value < 0 ? `\u2212${whole}°` : `${whole}°`;
}
