import type { DisplayHealthSummary } from '@oppslag/common/schemas/display-health.ts';

/** "97 %" / "97,4 %": whole percent, one decimal below 99.95 % so a short outage still shows. */
export function formatUptime(uptime: number | null, language: string): string | null {
  if (uptime === null) return null;
  const percent = uptime * 100;
  const digits = percent >= 99.95 || Number.isInteger(percent) ? 0 : 1;
  return `${percent.toLocaleString(language === 'no' ? 'nb-NO' : 'en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })} %`;
}

/** "1920 × 1080" */
export const formatScreen = (screen: NonNullable<DisplayHealthSummary['screen']>) =>
  `${screen.width} × ${screen.height}`;

/**
 * The word for a delivery line and its numbers. Only a screen that should be showing the item now
 * (the server's `due`: schedule, quiet hours, slot switch) and has not is missing: "partial" warns
 * ("Vist på 1 av 2 skjermer"); all due screens shown is "all"; none due now is "notNow" (a
 * weekday-only note at night); no display below the entity at all is "none".
 */
export function deliveryState(d: {
  total: number;
  displays: readonly { due: boolean; shownAt: string | null }[];
}): { state: 'none' | 'notNow' | 'all' | 'partial'; shown: number; count: number } {
  const due = d.displays.filter((x) => x.due);
  const shown = due.filter((x) => x.shownAt !== null).length;
  const count = due.length;
  if (d.total === 0) return { state: 'none', shown, count };
  if (count === 0) return { state: 'notNow', shown, count };
  return { state: shown >= count ? 'all' : 'partial', shown, count };
}
