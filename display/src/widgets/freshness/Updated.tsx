import { useT } from '../../player/use-t';
import { formatTime } from '../clock/format';

/** "oppdatert 10:42": when stale data was fetched, in the display's time zone. */
export function Updated({ at, timeZone, className }: { at: number; timeZone: string; className?: string }) {
  const t = useT();
  return (
    <p className={`font-semibold ${className ?? ''}`} data-testid="updated">
      {t('freshness.updated', { time: formatTime(at, timeZone) })}
    </p>
  );
}
