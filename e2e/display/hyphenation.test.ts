import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/screenshots';
import {
  buildPlayer,
  type DisplayWorld,
  launchChromium,
  postNote,
  screenOf,
  seedDisplayWorld,
  startTestStack,
  type TestStack,
} from './support/display-stack';

// Issue 31 item 17: "Borettslagsgener|alforsamlingsinnk|allingen" broke mid-word without a hyphen.
// A long word now breaks only at a Norwegian hyphenation point, where the browser draws a hyphen
// (a soft hyphen ends the line), in normal and large print, both orientations.
const WORD = 'Borettslagsgeneralforsamlingsinnkallingen';

describe('long words on the note board', () => {
  let stack: TestStack;
  let world: DisplayWorld;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startTestStack({
      web: [{ prefix: '/display', dir: buildPlayer() }],
      worker: 'relay',
      env: { DEMO_DATA: 'false', FEATURE_SET: 'oppslag', SMS_NUMBER: '2077' },
    });
    world = await seedDisplayWorld(stack);
    await postNote(stack, world, { text: `<p>${WORD} er sendt ut. Røykvarslerne testes.</p>` });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  for (const orientation of [0, 1] as const)
    it(`breaks ${WORD} only with a hyphen at ${screenOf(orientation).width}×${screenOf(orientation).height}`, async () => {
      let lines = 0;
      for (const largePrint of [false, true]) {
        const put = await stack.request('PUT', `/api/entities/${world.displayEntityId}`, {
          token: world.superadmin.token,
          body: { orientation, largePrint },
        });
        expect(put.status).toBe(200);
        const page = await browser.newPage({ viewport: screenOf(orientation) });
        try {
          await page.goto(`${stack.url}/display/#displayId=${world.displayId}&apiKey=${world.apiKey}`);
          const note = page.locator('[data-testid="note"] .rich-text').first();
          await note.waitFor();
          await page.evaluate(() => document.fonts.ready);
          expect(await note.getAttribute('lang')).toBe('nb');
          // Every place the word goes to a new line: the character before it is a soft hyphen.
          const breaks = await note.evaluate((el, word) => {
            const node = el.querySelector('p')?.firstChild;
            if (!node || node.nodeType !== Node.TEXT_NODE) return null;
            const text = node.textContent ?? '';
            const end = text.indexOf(' ');
            const top = (i: number) => {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              // The last box: a range just after a soft hyphen may also hold the drawn hyphen above.
              const rects = [...range.getClientRects()];
              return Math.round(rects.at(-1)?.top ?? -1);
            };
            const out: string[] = [];
            for (let i = 1; i < end; i++) {
              if (text[i] === '\u00AD') continue;
              let prev = i - 1;
              while (prev > 0 && text[prev] === '\u00AD') prev--;
              if (top(i) > top(prev)) out.push(text[i - 1] === '\u00AD' ? 'hyphen' : `mid-word at ${i}`);
            }
            return { breaks: out, word: text.slice(0, end).replace(/\u00AD/g, '') === word };
          }, WORD);
          expect(breaks?.word).toBe(true);
          expect(breaks?.breaks.filter((b) => b !== 'hyphen')).toEqual([]);
          lines += breaks?.breaks.length ?? 0;
          await saveScreenshot(
            page,
            `hyphenation-${orientation ? 'vertical' : 'horizontal'}${largePrint ? '-large-print' : ''}.png`,
          );
        } finally {
          await page.close();
        }
      }
      // The word is too long for a line of large print at least: it did break, with hyphens.
      expect(lines).toBeGreaterThan(0);
    });
});
