/**
 * WCAG 2.x contrast (issue 12 item 6): relative luminance of sRGB colours and their ratio. Used
 * to draw a note icon's glyph dark when the chosen icon colour is too light for a white glyph.
 */
export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const byte = (i: number) => Number.parseInt(h.slice(i, i + 2), 16);
  return [byte(0), byte(2), byte(4)];
}

export function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 1.4.3 (AA): normal text needs 4.5:1. */
export const TEXT_CONTRAST = 4.5;
const BLACK: [number, number, number] = [0, 0, 0];

/** Text on a coloured badge: white or black, whichever contrasts more with it. */
export function textColorOn(background: string): '#ffffff' | '#000000' {
  const rgb = parseHex(background);
  if (!rgb) return '#ffffff';
  return contrastRatio(WHITE, rgb) >= contrastRatio(BLACK, rgb) ? '#ffffff' : '#000000';
}

/** WCAG 1.4.11: graphics (an icon's glyph on its disc) need 3:1. */
export const GRAPHIC_CONTRAST = 3;
const WHITE: [number, number, number] = [255, 255, 255];
export const DARK_GLYPH = '#1a1a1a';

/** The glyph colour for an icon disc: white where it reads (3:1), else near-black. */
export function glyphColorOn(background: string): string {
  const rgb = parseHex(background);
  if (!rgb) return '#ffffff';
  return contrastRatio(WHITE, rgb) >= GRAPHIC_CONTRAST ? '#ffffff' : DARK_GLYPH;
}
