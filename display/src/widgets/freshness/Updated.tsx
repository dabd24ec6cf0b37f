import type { CSSProperties } from 'react';
import { useT } from '../../player/use-t';
import { formatTime } from '../clock/format';

/** "oppdatert 10:42": when stale data was fetched, in the display's time zone. */
export function Updated({
  at,
  timeZone,
  className,
  style,
}: {
  at: number;
  timeZone: string;
  className?: string;
  style?: CSSProperties;
}) {
  const t = useT();
  return (
    <p className={`font-semibold ${className ?? ''}`} style={style} data-testid="updated">
      {t('freshness.updated', { time: formatTime(at, timeZone) })}
    </p>
  );
}
