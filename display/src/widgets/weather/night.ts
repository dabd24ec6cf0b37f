/** Hour of day (0–23) of `at` in a time zone. */
export function hourIn(at: number, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(at);
  return Number.parseInt(hour, 10);
}

/** Night is before 06:00 local time (spec §4). */
export const isNight = (at: number, timeZone: string) => hourIn(at, timeZone) < 6;

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

/** YYYY-MM-DD of `at` in a time zone, and of the following days. */
export function localDate(at: number, timeZone: string, addDays = 0): string {
  const base = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  if (!addDays) return base;
  const d = new Date(`${base}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + addDays);
  return d.toISOString().slice(0, 10);
}
