import { badgeGeometry, lineColor } from './line-badge';

/** A line number in its mode's colour; width and roundness follow the code's length (spec §9). */
export function LineBadge({
  lineCode,
  transportMode,
  transportSubmode,
  scale = 1.5,
}: {
  lineCode: string;
  transportMode: string;
  transportSubmode?: string | null;
  scale?: number;
}) {
  const { width, radius } = badgeGeometry(lineCode);
  return (
    <span
      className="inline-flex shrink-0 items-center justify-center font-bold text-white"
      data-testid="line-badge"
      style={{
        width: width * scale,
        height: 30 * scale,
        borderRadius: `${radius}%`,
        backgroundColor: lineColor(transportMode, lineCode, transportSubmode),
        fontSize: 15 * scale,
      }}
    >
      {lineCode}
    </span>
  );
}
