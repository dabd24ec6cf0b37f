/** The icon families the player draws; every MET symbol code maps onto one of them. */
export type SymbolFamily =
  | 'clearsky'
  | 'fair'
  | 'partlycloudy'
  | 'cloudy'
  | 'rain'
  | 'lightrain'
  | 'heavyrain'
  | 'showers'
  | 'snow'
  | 'sleet'
  | 'fog'
  | 'thunder';

export interface SymbolInfo {
  family: SymbolFamily;
  /** True for the night variant (moon instead of sun) of families that have one. */
  night: boolean;
}

/** Maps a MET Locationforecast symbol code (e.g. `lightrainshowers_night`) to a family. */
export function symbolInfo(symbolCode: string): SymbolInfo {
  const [base, variant] = symbolCode.split('_');
  const night = variant === 'night' || variant === 'polartwilight';
  const family = familyOf(base ?? '');
  return { family, night };
}

function familyOf(base: string): SymbolFamily {
  if (base.includes('thunder')) return 'thunder';
  if (base === 'fog') return 'fog';
  if (base.includes('sleet')) return 'sleet';
  if (base.includes('snow')) return 'snow';
  if (base.startsWith('heavyrain')) return 'heavyrain';
  if (base.includes('showers')) return 'showers';
  if (base === 'lightrain') return 'lightrain';
  if (base === 'rain') return 'rain';
  if (base === 'clearsky' || base === 'fair' || base === 'partlycloudy' || base === 'cloudy') return base;
  return 'cloudy';
}
