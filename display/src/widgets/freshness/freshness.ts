/**
 * How fresh live data is (issue 12 item 12). The worker polls departures every minute and reads
 * MET's forecast when it expires (about every half hour, an unchanged forecast keeps its time);
 * past its normal refresh the screen says when the data is from ("oppdatert 10:42"), and past
 * what can be trusted it hides the data rather than show departures or a forecast that may be wrong.
 */
export interface FreshnessRule {
  /** Older than this (ms): shown with an "updated HH:mm" line. */
  staleAfterMs: number;
  /** Older than this (ms): not shown at all. */
  hideAfterMs: number;
}

export const TRANSIT_FRESHNESS: FreshnessRule = { staleAfterMs: 3 * 60_000, hideAfterMs: 15 * 60_000 };
export const WEATHER_FRESHNESS: FreshnessRule = {
  staleAfterMs: 2 * 3_600_000,
  hideAfterMs: 6 * 3_600_000,
};

export type Freshness = 'fresh' | 'stale' | 'expired';

/**
 * Data without a time (an old cached answer) counts as fresh: there is nothing to say about it.
 * A time ahead of `now` (a worker clock ahead of the server's) is fresh too.
 */
export function freshness(updatedAt: number | null, now: number, rule: FreshnessRule): Freshness {
  if (updatedAt === null) return 'fresh';
  const age = now - updatedAt;
  if (age > rule.hideAfterMs) return 'expired';
  if (age > rule.staleAfterMs) return 'stale';
  return 'fresh';
}
