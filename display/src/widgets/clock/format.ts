/** HH:mm in the display's time zone. */
export function formatTime(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
}

/** Weekday, day and month, e.g. "lørdag 21. november". */
export function formatDate(at: number, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone }).format(
    at,
  );
}
