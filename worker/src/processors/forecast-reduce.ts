import { addDays, type DayForecast, wallClock } from '@oppslag/common';

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
  const today = wallClock(now).date;
  const horizon = now.getTime() - 3600_000;
  const days: DayForecast[] = [];
  for (let i = 0; i < 3; i++) {
    const day = addDays(today, i);
    const entries = timeseries
      .filter((e) => Date.parse(e.time) >= horizon)
      .map((e) => ({ e, local: wallClock(e.time) }))
      .filter((x) => x.local.date === day);
    if (entries.length === 0) continue;
    const temps = entries
      .map((x) => x.e.data.instant?.details?.air_temperature)
      .filter((t): t is number => typeof t === 'number');
    const midday = entries
      .filter((x) => symbolOf(x.e) !== null)
      .sort((a, b) => Math.abs(a.local.hour - 12) - Math.abs(b.local.hour - 12))[0];
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
