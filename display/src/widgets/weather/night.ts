/** Hour of day (0–23) of `at` in a time zone. */
export function hourIn(at: number, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(at);
  return Number.parseInt(hour, 10);
}

/** Night is before 06:00 local time (spec §4). */
export const isNight = (at: number, timeZone: string) => hourIn(at, timeZone) < 6;

/** A MET symbol code switched to its night variant when it has a day/night variant. */
export function symbolForTime(symbolCode: string, night: boolean): string {
  const m = /^(.*)_(day|night|polartwilight)$/.exec(symbolCode);
  if (!m) return symbolCode;
  return `${m[1]}_${night ? 'night' : 'day'}`;
}

/** Temperature as shown: rounded, with a real minus sign below 0 (spec §4). */
export function formatTemperature(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '–';
  const rounded = Math.round(value);
  if (rounded < 0) return `\u2212${Math.abs(rounded)}°`;
  return `${rounded}°`;
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
