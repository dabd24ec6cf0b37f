/** Whole minutes until a departure, never negative (spec §9 "Departure text"). */
export function minutesUntil(departureTime: number, now: number): number {
  return Math.max(0, Math.floor((departureTime - now) / 60_000));
}

/** "now" at 0 minutes, "1 min", then "{count} min"; `nowWord` is the localized "now". */
export function departureText(departureTime: number, now: number, nowWord: string): string {
  const minutes = minutesUntil(departureTime, now);
  if (minutes === 0) return nowWord;
  return `${minutes} min`;
}

/** Departures still worth showing: not yet gone (a few seconds of grace for clock skew). */
export function upcomingDepartures<T extends { departureTime: number }>(
  departures: T[],
  now: number,
  max: number,
): T[] {
  return departures
    .filter((d) => d.departureTime >= now - 30_000)
    .sort((a, b) => a.departureTime - b.departureTime)
    .slice(0, max);
}
