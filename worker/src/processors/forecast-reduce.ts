import { type DayForecast, TIME_ZONE } from '@oppslag/common';

/** One entry of MET Locationforecast 2.0 `compact` (`properties.timeseries[]`); only used fields. */
export interface CompactEntry {
  time: string;
  data: {
    instant?: { details?: { air_temperature?: number } };
    next_1_hours?: { summary?: { symbol_code?: string } };
    next_6_hours?: { summary?: { symbol_code?: string } };
    next_12_hours?: { summary?: { symbol_code?: string } };
  };
}

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The Europe/Oslo calendar day (`YYYY-MM-DD`) and hour of an instant. */
export function osloDayHour(date: Date): { day: string; hour: number } {
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
}

/** The calendar day `n` days after `day` (plain date arithmetic, immune to DST). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function symbolOf(entry: CompactEntry): string | null {
  const d = entry.data;
  return (
    d.next_6_hours?.summary?.symbol_code ??
    d.next_1_hours?.summary?.symbol_code ??
    d.next_12_hours?.summary?.symbol_code ??
    null
  );
}

/**
 * Reduces the timeseries to today, tomorrow and the day after (Europe/Oslo days): min and max of
 * the hourly temperatures, and the symbol and temperature of the entry nearest midday, which for
 * what is left of today after noon is the next hour. Past entries are ignored.
 */
export function reduceForecast(timeseries: readonly CompactEntry[], now: Date): DayForecast[] {
  const today = osloDayHour(now).day;
  const horizon = now.getTime() - 3600_000;
  const days: DayForecast[] = [];
  for (let i = 0; i < 3; i++) {
    const day = addDays(today, i);
    const entries = timeseries
      .filter((e) => Date.parse(e.time) >= horizon)
      .map((e) => ({ e, ...osloDayHour(new Date(e.time)) }))
      .filter((x) => x.day === day);
    if (entries.length === 0) continue;
    const temps = entries
      .map((x) => x.e.data.instant?.details?.air_temperature)
      .filter((t): t is number => typeof t === 'number');
    const midday = entries
      .filter((x) => symbolOf(x.e) !== null)
      .sort((a, b) => Math.abs(a.hour - 12) - Math.abs(b.hour - 12))[0];
    days.push({
      date: day,
      symbolCode: midday ? symbolOf(midday.e) : null,
      temperature: midday?.e.data.instant?.details?.air_temperature ?? null,
      minTemperature: temps.length ? Math.min(...temps) : null,
      maxTemperature: temps.length ? Math.max(...temps) : null,
    });
  }
  return days;
}
