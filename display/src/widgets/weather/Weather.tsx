import { localDate } from '@oppslag/common/oslo-time.ts';
import type { WeatherDay } from '../../api/types';
import type { MessageKey } from '../../player/i18n';
import { SMALL_PX } from '../../player/readable';
import { useNow } from '../../player/use-now';
import { useT } from '../../player/use-t';
import { formatTemperature, symbolForTime, todaySymbol } from './night';
import { WeatherIcon } from './WeatherIcon';

const LABELS: MessageKey[] = ['weather.today', 'weather.tomorrow', 'weather.dayAfter'];

/** Today, tomorrow and the day after, matched by local date so stale days drop off at midnight. */
export function pickDays(days: WeatherDay[], now: number, timeZone: string): (WeatherDay | null)[] {
  return [0, 1, 2].map((offset) => days.find((d) => d.date === localDate(now, offset, timeZone)) ?? null);
}

export function Weather({
  days,
  timeZone,
  compact,
}: {
  days: WeatherDay[];
  timeZone: string;
  compact?: boolean;
}) {
  const now = useNow(60_000);
  const t = useT();
  const picked = pickDays(days, now, timeZone);
  if (picked.every((d) => d === null)) return null;
  return (
    <div className="grid grid-cols-3 gap-3" data-widget="weather">
      {picked.map((day, i) => {
        const label = t(LABELS[i]);
        if (!day) return <div key={label} />;
        // Only today can be night (MET's word for the coming hour); the coming days show their daytime symbol.
        const symbol =
          i === 0 ? todaySymbol(day.symbolCode, now, timeZone) : symbolForTime(day.symbolCode, false);
        const temperature =
          i === 0 ? (day.temperature ?? day.maxTemperature) : (day.maxTemperature ?? day.temperature);
        return (
          <div
            key={label}
            className="flex min-w-0 flex-col items-center rounded-2xl bg-black/12 px-2 py-3"
            data-testid="weather-day"
          >
            {/* Drawn at 28 px or more; a long label ("Day after tomorrow") wraps in its own box
                instead of running into the next day's (issue 31 items 11 and 18). */}
            <span
              className="flex min-h-[2.3em] items-center text-center font-semibold leading-[1.1]"
              style={{ fontSize: SMALL_PX }}
              data-compact={compact || undefined}
            >
              {label}
            </span>
            <WeatherIcon symbolCode={symbol} size={84} label={symbol} />
            <span className="text-[40px] font-bold tabular-nums" data-testid="weather-temp">
              {formatTemperature(temperature)}
            </span>
          </div>
        );
      })}
    </div>
  );
}
