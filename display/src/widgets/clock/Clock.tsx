import { useAtomValue } from 'jotai';
import { localeOf } from '../../player/i18n';
import { languageAtom } from '../../player/state';
import { useNow } from '../../player/use-now';
import { formatDate, formatTime } from './format';

/** Clock refresh (spec §9). */
export const CLOCK_REFRESH_MS = 5000;

export function Clock({ timeZone, compact = false }: { timeZone: string; compact?: boolean }) {
  const now = useNow(CLOCK_REFRESH_MS);
  const language = useAtomValue(languageAtom);
  return (
    <div className="flex flex-col leading-none" data-widget="clock">
      <span
        className={`font-bold tabular-nums tracking-tight ${compact ? 'text-[88px]' : 'text-[112px]'}`}
        data-testid="clock-time"
      >
        {formatTime(now, timeZone)}
      </span>
      <span className="mt-3 text-[30px] font-medium first-letter:uppercase" data-testid="clock-date">
        {formatDate(now, timeZone, localeOf(language))}
      </span>
    </div>
  );
}
