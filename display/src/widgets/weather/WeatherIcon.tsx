import type { ReactElement } from 'react';
import { type SymbolFamily, symbolInfo } from './symbols';

// Bundled artwork: small inline SVGs composed from a sun, a moon, clouds and precipitation, so
// the screen needs no icon downloads and keeps working offline.
const SUN = '#F6B40E';
const MOON = '#E8D47A';
const CLOUD = '#E9EDF1';
const CLOUD_DARK = '#B8C2CC';
const RAIN = '#2B8FD6';
const SNOW = '#8EC9F0';

function Sun({ x = 32, y = 32, r = 12 }: { x?: number; y?: number; r?: number }) {
  const rays = [0, 45, 90, 135, 180, 225, 270, 315].map((deg) => {
    const a = (deg * Math.PI) / 180;
    return (
      <line
        key={deg}
        x1={x + Math.cos(a) * (r + 4)}
        y1={y + Math.sin(a) * (r + 4)}
        x2={x + Math.cos(a) * (r + 9)}
        y2={y + Math.sin(a) * (r + 9)}
        stroke={SUN}
        strokeWidth={3.5}
        strokeLinecap="round"
      />
    );
  });
  return (
    <g>
      {rays}
      <circle cx={x} cy={y} r={r} fill={SUN} />
    </g>
  );
}

function Moon({ x = 32, y = 32, r = 13 }: { x?: number; y?: number; r?: number }) {
  return (
    <path
      d={`M ${x + r * 0.35} ${y - r} A ${r} ${r} 0 1 0 ${x + r} ${y + r * 0.45} A ${r * 0.85} ${r * 0.85} 0 0 1 ${x + r * 0.35} ${y - r} Z`}
      fill={MOON}
    />
  );
}

function Cloud({ dy = 0, fill = CLOUD, scale = 1 }: { dy?: number; fill?: string; scale?: number }) {
  return (
    <path
      transform={`translate(${32 - 32 * scale} ${dy + 40 - 40 * scale}) scale(${scale})`}
      d="M18 46 h30 a10 10 0 0 0 0 -20 a14 14 0 0 0 -26 -3 a11 11 0 0 0 -4 23 Z"
      fill={fill}
      stroke="#9AA7B3"
      strokeWidth={1.5}
    />
  );
}

function Drops({ count, color = RAIN }: { count: number; color?: string }) {
  const xs = count === 1 ? [32] : count === 2 ? [26, 38] : [21, 32, 43];
  return (
    <g stroke={color} strokeWidth={3.5} strokeLinecap="round">
      {xs.map((x) => (
        <line key={x} x1={x} y1={51} x2={x - 3} y2={59} />
      ))}
    </g>
  );
}

function Flakes({ xs = [22, 32, 42] }: { xs?: number[] }) {
  return (
    <g fill={SNOW}>
      {xs.map((x, i) => (
        <circle key={x} cx={x} cy={i % 2 ? 57 : 54} r={3} />
      ))}
    </g>
  );
}

function Behind({ night }: { night: boolean }) {
  return night ? <Moon x={22} y={22} r={11} /> : <Sun x={22} y={22} r={9} />;
}

const art: Record<SymbolFamily, (night: boolean) => ReactElement> = {
  clearsky: (night) => (night ? <Moon /> : <Sun />),
  fair: (night) => (
    <>
      {night ? <Moon x={28} y={26} /> : <Sun x={28} y={26} r={11} />}
      <Cloud dy={8} scale={0.6} />
    </>
  ),
  partlycloudy: (night) => (
    <>
      <Behind night={night} />
      <Cloud dy={2} />
    </>
  ),
  cloudy: () => (
    <>
      <Cloud dy={-6} fill={CLOUD_DARK} scale={0.8} />
      <Cloud dy={2} />
    </>
  ),
  lightrain: () => (
    <>
      <Cloud dy={-4} />
      <Drops count={1} />
    </>
  ),
  rain: () => (
    <>
      <Cloud dy={-4} />
      <Drops count={2} />
    </>
  ),
  heavyrain: () => (
    <>
      <Cloud dy={-4} fill={CLOUD_DARK} />
      <Drops count={3} />
    </>
  ),
  showers: (night) => (
    <>
      <Behind night={night} />
      <Cloud dy={-4} />
      <Drops count={2} />
    </>
  ),
  snow: () => (
    <>
      <Cloud dy={-4} />
      <Flakes />
    </>
  ),
  sleet: () => (
    <>
      <Cloud dy={-4} />
      <Drops count={1} />
      <Flakes xs={[22, 42]} />
    </>
  ),
  fog: () => (
    <>
      <Cloud dy={-8} fill={CLOUD_DARK} />
      <g stroke="#9AA7B3" strokeWidth={3.5} strokeLinecap="round">
        <line x1={12} y1={48} x2={52} y2={48} />
        <line x1={16} y1={55} x2={48} y2={55} />
      </g>
    </>
  ),
  thunder: () => (
    <>
      <Cloud dy={-6} fill={CLOUD_DARK} />
      <path d="M34 40 L26 52 H33 L29 62 L41 48 H34 L38 40 Z" fill={SUN} />
    </>
  ),
};

/** The bundled icon for a MET symbol code. */
export function WeatherIcon({
  symbolCode,
  size = 64,
  label,
}: {
  symbolCode: string;
  size?: number;
  label: string;
}) {
  const { family, night } = symbolInfo(symbolCode);
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={label} data-family={family}>
      {art[family](night)}
    </svg>
  );
}
