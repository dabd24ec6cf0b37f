import type { ReactElement } from 'react';
import { glyphColorOn } from '../../lib/contrast';

// Bundled glyphs for the note icons of spec §2 (ids from common/src/notes.ts), drawn on a 24×24
// grid in the glyph colour (white, or dark on a light disc) so they stay legible from across a stairwell.
const W = 'currentColor';
const GLYPHS: Record<string, ReactElement> = {
  priority_high: (
    <>
      <rect x={10.3} y={3.5} width={3.4} height={11} rx={1.7} fill={W} />
      <circle cx={12} cy={19} r={2} fill={W} />
    </>
  ),
  information: (
    <>
      <circle cx={12} cy={5.5} r={2} fill={W} />
      <rect x={10.3} y={9.5} width={3.4} height={11} rx={1.7} fill={W} />
    </>
  ),
  comment: (
    <path
      d="M4 4h16a1.5 1.5 0 0 1 1.5 1.5v10A1.5 1.5 0 0 1 20 17H9l-5 4v-4a1.5 1.5 0 0 1-1.5-1.5v-10A1.5 1.5 0 0 1 4 4z"
      fill={W}
    />
  ),
  thumb_up: (
    <path
      d="M2 10h4v11H2zM8 21h9.3a2 2 0 0 0 1.9-1.4l2.3-7A2 2 0 0 0 19.6 10H14l.9-4.2a1.8 1.8 0 0 0-3.1-1.6L8 9.3z"
      fill={W}
    />
  ),
  thumb_down: (
    <path
      transform="rotate(180 12 12)"
      d="M2 10h4v11H2zM8 21h9.3a2 2 0 0 0 1.9-1.4l2.3-7A2 2 0 0 0 19.6 10H14l.9-4.2a1.8 1.8 0 0 0-3.1-1.6L8 9.3z"
      fill={W}
    />
  ),
  parking: <path fillRule="evenodd" d="M6 3h7a6 6 0 0 1 0 12h-3v6H6zM10 7v4h3a2 2 0 0 0 0-4z" fill={W} />,
  warning: <path fillRule="evenodd" d="M12 2 23 21H1zM10.8 9h2.4v6h-2.4zM10.8 16.5h2.4v2.4h-2.4z" fill={W} />,
  smiley: (
    <g fill="none" stroke={W} strokeWidth={2.2} strokeLinecap="round">
      <circle cx={12} cy={12} r={9.5} />
      <path d="M7.8 14.2a5 5 0 0 0 8.4 0" />
      <circle cx={9} cy={9.5} r={0.6} fill={W} />
      <circle cx={15} cy={9.5} r={0.6} fill={W} />
    </g>
  ),
  group: (
    <g fill={W}>
      <circle cx={8.5} cy={7.5} r={3.5} />
      <circle cx={16.5} cy={8.5} r={3} />
      <path d="M1.5 20c0-4 3.1-6.5 7-6.5s7 2.5 7 6.5zM16.5 20c0-2.4-.8-4.4-2.2-5.8a7 7 0 0 1 2.2-.3c3.3 0 6 2 6 6.1z" />
    </g>
  ),
  build: (
    <path
      d="M21.5 7a5.5 5.5 0 0 1-7.4 5.2l-7.2 7.2a2.1 2.1 0 0 1-3-3l7.2-7.2A5.5 5.5 0 0 1 17.3 1.8l-3.4 3.4.5 3.3 3.3.5 3.4-3.4A5.5 5.5 0 0 1 21.5 7z"
      fill={W}
    />
  ),
  error: (
    <path
      fillRule="evenodd"
      d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zM10.8 6h2.4v8h-2.4zM10.8 16h2.4v2.4h-2.4z"
      fill={W}
    />
  ),
  gavel: (
    <g fill={W}>
      <rect x={9} y={1.5} width={9} height={5} rx={1} transform="rotate(45 13.5 4)" />
      <rect x={10.5} y={8} width={3} height={13} rx={1.5} transform="rotate(-45 12 14.5)" />
      <rect x={2} y={19.5} width={11} height={3} rx={1} />
    </g>
  ),
  alarm: (
    <g fill="none" stroke={W} strokeWidth={2.2} strokeLinecap="round">
      <circle cx={12} cy={13} r={8} />
      <path d="M12 9v4.5l3 2M3 5.5 6 3M21 5.5 18 3" />
    </g>
  ),
  settings: (
    <g fill={W}>
      {[0, 45, 90, 135].map((a) => (
        <rect key={a} x={10} y={1.5} width={4} height={21} rx={1} transform={`rotate(${a} 12 12)`} />
      ))}
      <circle cx={12} cy={12} r={7.5} />
      <circle cx={12} cy={12} r={3} fill="var(--disc)" />
    </g>
  ),
};

/**
 * A note's icon: its glyph on a disc of the note's icon colour. A light colour (white, yellow)
 * would swallow a white glyph and the disc would vanish on the white note, so the glyph turns
 * dark where white lacks 3:1 against the disc (WCAG 1.4.11), and a thin dark ring keeps the
 * disc's edge (issue 12 item 6).
 */
export function NoteIcon({ icon, color, size = 64 }: { icon: string; color: string; size?: number }) {
  const glyph = glyphColorOn(color);
  return (
    <span
      className="inline-flex shrink-0 items-center justify-center rounded-full shadow-sm"
      style={{
        width: size,
        height: size,
        backgroundColor: color,
        color: glyph,
        ['--disc' as string]: color,
        boxShadow: glyph === '#ffffff' ? undefined : 'inset 0 0 0 2px rgba(0,0,0,0.45)',
      }}
      data-icon={icon}
      data-glyph={glyph}
    >
      <svg width={size * 0.6} height={size * 0.6} viewBox="0 0 24 24" aria-hidden>
        {GLYPHS[icon] ?? GLYPHS.information}
      </svg>
    </span>
  );
}
