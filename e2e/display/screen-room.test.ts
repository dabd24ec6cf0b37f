import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/screenshots';
import {
  buildPlayer,
  type DisplayWorld,
  launchChromium,
  postNote,
  screenOf,
  seedDisplayWorld,
  seedLiveData,
  startTestStack,
  type TestStack,
  uploadAd,
} from './support/display-stack';

// Issue 31 items 15 and 16, with every slot filled (banner, ads or partner logo, departures,
// forecast, info): the note board gets at least a third of a landscape screen and more than half
// of a portrait one, and with 20 notes the two pinned (sticky) ones are on every page of the cycle.
const art = (w: number, h: number, colour: string) =>
  `<div style="width:${w}px;height:${h}px;background:${colour};color:#fff;font:bold 40px sans-serif;display:flex;align-items:center;justify-content:center">Annonse</div>`;

/** The board's share of the screen, and what the current page shows. */
const look = (page: Page) =>
  page.evaluate(() => {
    const board = document.querySelector<HTMLElement>('[data-widget="notes"]')!;
    const r = board.getBoundingClientRect();
    const list = board.querySelector<HTMLElement>('[data-pages]')!;
    const box = list.getBoundingClientRect();
    const sticky = [...list.querySelectorAll<HTMLElement>(':scope > [data-testid="note"][data-sticky]')]
      .filter((el) => {
        const n = el.getBoundingClientRect();
        return n.top >= box.top - 1 && n.bottom <= box.bottom + 1;
      })
      .map((el) => Number(el.dataset.noteId));
    return {
      share: (r.width * r.height) / (window.innerWidth * window.innerHeight),
      sticky: sticky.sort((a, b) => a - b),
      page: Number(list.dataset.page),
      pages: Number(list.dataset.pages),
      ms: Number(list.dataset.pageMs),
    };
  });

describe.each(['oppslag', 'styretavla'] as const)('room for the note board, feature set %s', (featureSet) => {
  let stack: TestStack;
  let world: DisplayWorld;
  let browser: Browser;
  const pinned: number[] = [];

  beforeAll(async () => {
    stack = await startTestStack({
      web: [{ prefix: '/display', dir: buildPlayer() }],
      worker: 'relay',
      env: { DEMO_DATA: 'false', FEATURE_SET: featureSet, SMS_NUMBER: '2077' },
    });
    world = await seedDisplayWorld(stack);
    await seedLiveData(stack, world);
    // Seconds apart and just now (a start before today is refused).
    const start = Date.now() - 30_000;
    for (let i = 0; i < 20; i++) {
      const sticky = i < 2;
      const id = await postNote(stack, world, {
        text: sticky
          ? `<p><strong>Fast oppslag ${i + 1}:</strong> Vaktmester har vakttelefon hele døgnet.</p>`
          : `<p>Oppslag nummer ${i + 1}: dugnad, søppel, sykkelbod og fellesrom denne uka.</p>`,
        sticky,
        date: new Date(start + i * 1000),
      });
      if (sticky) pinned.push(id);
    }
    const banner = await stack.request('POST', `/api/content/${world.orgId}/banner`, {
      token: world.superadmin.token,
      body: {
        type: 'banner-template',
        templateId: 'winter',
        templateText: '<h1>Vinter på Solbakken</h1><p>Strø ved inngangen står i boden</p>',
        duration: 10,
        approved: true,
      },
    });
    expect(banner.status).toBe(201);
    browser = await launchChromium();
    if (featureSet === 'oppslag') {
      await uploadAd(stack, world, browser, 'partnerLogo', { width: 536, height: 80 }, art(536, 80, '#123'));
    } else {
      await uploadAd(
        stack,
        world,
        browser,
        'adsLarge',
        { width: 590, height: 630 },
        art(590, 630, '#7a2e8e'),
      );
      await uploadAd(
        stack,
        world,
        browser,
        'adsSmall',
        { width: 480, height: 175 },
        art(480, 175, '#8e5a2e'),
      );
    }
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  for (const orientation of [0, 1] as const)
    for (const lang of ['nb', 'en'] as const) {
      const viewport = screenOf(orientation);
      it(`gives the board ${orientation ? 'most' : 'a third'} of ${viewport.width}×${viewport.height} (${lang}), pinned notes on every page`, async () => {
        const put = await stack.request('PUT', `/api/entities/${world.displayEntityId}`, {
          token: world.superadmin.token,
          body: { orientation },
        });
        expect(put.status).toBe(200);
        const page = await browser.newPage({ viewport });
        try {
          await page.clock.install();
          await page.goto(
            `${stack.url}/display/?lang=${lang === 'en' ? 'en' : 'no'}#displayId=${world.displayId}&apiKey=${world.apiKey}`,
          );
          await page.locator(`[data-orientation="${orientation ? 'vertical' : 'horizontal'}"]`).waitFor();
          await page.locator('[data-testid="note"]').first().waitFor();
          await page.locator('[data-testid="departure"]').first().waitFor();
          await page.locator('[data-widget="weather"]').waitFor();
          await page.evaluate(() => document.fonts.ready);
          await page.clock.runFor(500);
          const first = await look(page);
          await saveScreenshot(
            page,
            `screen-room-${featureSet}-${orientation ? 'vertical' : 'horizontal'}-${lang}.png`,
          );
          expect(first.share).toBeGreaterThanOrEqual(orientation ? 0.5 : 1 / 3);
          expect(first.pages).toBeGreaterThan(2);
          let now = first;
          for (let step = 0; step < first.pages; step++) {
            expect(now.page).toBe(step);
            expect(now.sticky).toEqual(pinned);
            await page.clock.runFor(now.ms);
            now = await look(page);
          }
          expect(now.page).toBe(0);
        } finally {
          await page.close();
        }
      });
    }
});
