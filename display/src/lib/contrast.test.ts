import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_GLYPH, glyphColorOn, parseHex } from './contrast';

describe('contrast', () => {
  it('computes WCAG ratios (known values: black/white 21:1, #767676 on white 4.54:1)', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio(parseHex('#767676')!, parseHex('#fff')!)).toBeCloseTo(4.54, 2);
  });

  it('draws a dark glyph on white, yellow and other light icon colours, white on dark ones', () => {
    for (const light of ['#ffffff', '#f6b40e', '#ffff00', '#a0d911'])
      expect(glyphColorOn(light)).toBe(DARK_GLYPH);
    for (const dark of ['#e60000', '#0b5cad', '#019939', '#000000'])
      expect(glyphColorOn(dark)).toBe('#ffffff');
  });
});
