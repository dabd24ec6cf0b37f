import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/screenshots';
import {
  buildPlayer,
  type DisplayWorld,
  launchChromium,
  screenOf,
  seedDisplayWorld,
  startTestStack,
  type TestStack,
} from './support/display-stack';

// Issue 31 item 12: an alert at its length limits (an 80-character title, ~400 characters of text)
// was cut off in portrait (title from y = −68, text to y = 2009) and its warning triangle shrank
// to 0 px. Now the whole card fits the screen in both orientations, the triangle keeps its size,
// and the text still reads from a distance.
const TITLE = 'Vannlekkasje i kjelleren – hovedkranen er stengt for hele Solbakken borettslag!!'.slice(0, 80);
const TEXT =
  'Det er oppdaget en større vannlekkasje i kjelleren under blokk A. Hovedkranen er stengt, og det er ' +
  'ikke vann i noen av leilighetene før rørleggeren er ferdig, trolig i kveld. Ikke bruk heisen, hold ' +
  'dørene til kjelleren lukket og flytt ting fra bodene i kjelleren opp til første etasje om du kan. ' +
  'Ring vaktmester på 912 34 567 hvis du ser vann i din oppgang. Styret sender SMS når vannet er tilbake.';

describe('a long emergency alert fits the screen', () => {
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
    expect(TITLE.length).toBe(80);
    expect(TEXT.length).toBeGreaterThan(380);
    const raised = await stack.request('POST', `/api/entities/${world.orgId}/alerts`, {
      token: world.superadmin.token,
      body: { title: TITLE, text: TEXT },
    });
    expect(raised.status).toBe(201);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  for (const orientation of [0, 1] as const)
    for (const lang of ['no', 'en'] as const) {
      const viewport = screenOf(orientation);
      it(`shows title, text and sign whole at ${viewport.width}×${viewport.height} (${lang})`, async () => {
        const page = await browser.newPage({ viewport });
        try {
          await page.goto(
            `${stack.url}/display/?lang=${lang}#displayId=${world.displayId}&apiKey=${world.apiKey}`,
          );
          const card = page.getByTestId('alert-takeover');
          await card.waitFor({ timeout: 15_000 });
          await page.evaluate(() => document.fonts.ready);
          await page.waitForTimeout(300);
          const parts = await card.evaluate((el) =>
            [...el.children].map((c) => {
              const r = c.getBoundingClientRect();
              return {
                tag: c.tagName.toLowerCase(),
                top: r.top,
                bottom: r.bottom,
                left: r.left,
                right: r.right,
                width: r.width,
                font: Number.parseFloat(getComputedStyle(c).fontSize),
              };
            }),
          );
          await saveScreenshot(page, `alert-long-${orientation ? 'vertical' : 'horizontal'}-${lang}.png`);
          expect(parts.map((p) => p.tag)).toEqual(['svg', 'h1', 'p']);
          for (const p of parts) {
            expect(p.top).toBeGreaterThanOrEqual(0);
            expect(p.bottom).toBeLessThanOrEqual(viewport.height);
            expect(p.left).toBeGreaterThanOrEqual(0);
            expect(p.right).toBeLessThanOrEqual(viewport.width);
          }
          const [sign, title, text] = parts;
          expect(sign.width).toBeGreaterThanOrEqual(80);
          expect(title.font).toBeGreaterThanOrEqual(50);
          expect(text.font).toBeGreaterThanOrEqual(28);
          expect(await card.locator('h1').textContent()).toBe(TITLE);
          expect(await card.locator('p').textContent()).toBe(TEXT);
        } finally {
          await page.close();
        }
      });
    }
});
