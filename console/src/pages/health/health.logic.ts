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
 * The word for a delivery line, e.g. "Vist på 14 av 15 skjermer": all shown, some missing, or no
 * display below the entity at all (then there is nothing to prove and the line says so).
 */
export function deliveryState(d: { shown: number; total: number }): 'none' | 'all' | 'partial' {
  if (d.total === 0) return 'none';
  return d.shown >= d.total ? 'all' : 'partial';
}
