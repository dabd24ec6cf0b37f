import { textColorOn } from '../../lib/contrast';
import { badgeGeometry, lineColor } from './line-badge';

/**
 * A line number in its mode's colour; width and roundness follow the code's length (spec §9). At
 * scale 2 the number is drawn at 28 px or more on a 1080p screen, in black or white, whichever
 * reads better on the line's colour (white on the metro's orange was 3.0:1; issue 31 item 11).
 */
export function LineBadge({
  lineCode,
  transportMode,
  transportSubmode,
  scale = 2,
}: {
  lineCode: string;
  transportMode: string;
  transportSubmode?: string | null;
  scale?: number;
}) {
  const { width, radius } = badgeGeometry(lineCode);
  const background = lineColor(transportMode, lineCode, transportSubmode);
  return (
    <span
      className="inline-flex shrink-0 items-center justify-center font-bold"
      data-testid="line-badge"
      style={{
        width: width * scale,
        height: 30 * scale,
        borderRadius: `${radius}%`,
        backgroundColor: background,
        color: textColorOn(background),
        fontSize: 15 * scale,
      }}
    >
      {lineCode}
    </span>
  );
}
