/** Line colours of spec §9, by kind of service. */
export const LINE_COLORS = {
  metro: '#EC700C',
  cityBus: '#E60000',
  districtBus: '#75A300',
  airportBus: '#949494',
  water: '#628C88',
  rail: '#003087',
  tram: '#0B91EF',
} as const;
/** Modes the spec gives no colour for (coach, air, cableway …) use the theme's dark grey. */
export const OTHER_LINE_COLOR = '#4a4a4a';

/** Badge width in px and border radius in percent by the length of the line code (spec §9). */
export function badgeGeometry(lineCode: string): { width: number; radius: number } {
  const length = [...lineCode].length;
  if (length <= 2) return { width: 30, radius: 50 };
  if (length === 3) return { width: 36, radius: 40 };
  if (length === 4) return { width: 43, radius: 32 };
  return { width: 57, radius: 24 };
}

/** Colour of a line badge from Entur's transport mode and the line code. */
export function lineColor(transportMode: string, lineCode: string, transportSubmode?: string | null): string {
  const mode = transportMode.toLowerCase();
  if (mode === 'metro') return LINE_COLORS.metro;
  if (mode === 'tram') return LINE_COLORS.tram;
  if (mode === 'rail') return LINE_COLORS.rail;
  if (mode === 'water' || mode === 'ferry') return LINE_COLORS.water;
  if (mode === 'bus' || mode === 'coach') {
    if (lineCode.toUpperCase().startsWith('FB') || transportSubmode === 'airportLinkBus')
      return LINE_COLORS.airportBus;
    const number = Number.parseInt(lineCode, 10);
    if (Number.isFinite(number) && number >= 100) return LINE_COLORS.districtBus;
    return mode === 'bus' ? LINE_COLORS.cityBus : OTHER_LINE_COLOR;
  }
  return OTHER_LINE_COLOR;
}
