import type { Page } from 'playwright-core';

/**
 * How an emoji is drawn on the rendered page: the box of the first emoji character in the text of
 * `selector` (a Range around it), and the share of its pixels that are clearly coloured (channel
 * spread > 60) in a screenshot of that box. A missing emoji font draws an empty box (tofu) or a
 * black outline glyph: its pixels are grey, so the share is ~0.
 */
export async function emojiGlyph(
  page: Page,
  selector: string,
): Promise<{ width: number; height: number; colourShare: number }> {
  const box = await page.evaluate((sel) => {
    const root = document.querySelector(sel);
    if (!root) throw new Error(`no element ${sel}`);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const match = /\p{Extended_Pictographic}\uFE0F?/u.exec(text);
      if (!match) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const r = range.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }
    throw new Error(`no emoji in ${sel}`);
  }, selector);
  if (box.width < 1 || box.height < 1) return { ...box, colourShare: 0 };
  const png = await page.screenshot({ clip: box, type: 'png' });
  if (process.env.GLYPH_DEBUG) (await import('node:fs')).writeFileSync(process.env.GLYPH_DEBUG, png);
  const colourShare = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return 0;
    ctx.drawImage(img, 0, 0);
    const { data } = ctx.getImageData(0, 0, img.width, img.height);
    let coloured = 0;
    for (let i = 0; i < data.length; i += 4) {
      const spread =
        Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]);
      if (spread > 60) coloured += 1;
    }
    return coloured / (data.length / 4);
  }, png.toString('base64'));
  return { width: box.width, height: box.height, colourShare };
}
