import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/screenshots';
import {
  buildPlayer,
  type DisplayWorld,
  launchChromium,
  postNote,
  seedDisplayWorld,
  seedLiveData,
  startTestStack,
  type TestStack,
  uploadAd,
} from './support/display-stack';

const LOGO = `<div style="width:536px;height:80px;display:flex;align-items:center;justify-content:center;gap:18px;
  font-family:sans-serif;background:#fff"><div style="width:44px;height:44px;border-radius:10px;background:#019939"></div>
  <div style="font-size:34px;font-weight:800;color:#123">Solbakken <span style="color:#019939">Eiendom</span></div></div>`;

let stack: TestStack;
let world: DisplayWorld;
let browser: Browser;
let page: Page;

// The product's own feature set: the square banner and the partner logo, no ad slots.
describe('display player, oppslag feature set', () => {
  beforeAll(async () => {
    stack = await startTestStack({
      web: [{ prefix: '/display', dir: buildPlayer() }],
      worker: 'relay',
      env: { DEMO_DATA: 'false', FEATURE_SET: 'oppslag', SMS_NUMBER: '2077' },
    });
    world = await seedDisplayWorld(stack);
    await seedLiveData(stack, world);
    const notes = [
      {
        text: '<p><strong>Strømbrudd</strong> onsdag 08–10 ved bytte av hovedtavle.</p>',
        icon: 'warning',
        iconColor: '#e60000',
        sticky: true,
      },
      {
        text: '<h2>Julegrøt i fellesrommet</h2><p>Søndag 13. desember kl. 14. Alle er velkomne!</p>',
        icon: 'smiley',
        iconColor: '#f6b40e',
      },
      {
        text: '<p>Brøyting: flytt bilene fra gjesteparkeringen før kl. 07 ved snøvarsel.</p>',
        icon: 'parking',
        iconColor: '#0b91ef',
      },
      {
        text: '<p>Garasjeportene får ny service mandag. Hold portene fri.</p>',
        icon: 'build',
        iconColor: '#75a300',
      },
    ];
    for (const n of notes) await postNote(stack, world, n);
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
    await uploadAd(stack, world, browser, 'partnerLogo', { width: 536, height: 80 }, LOGO);
    page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows the square banner and the partner logo, horizontally and vertically', async () => {
    await page.goto(`${stack.url}/display/#displayId=${world.displayId}&apiKey=${world.apiKey}`);
    await page.locator('[data-testid="note"]').first().waitFor();
    const banner = page.locator('[data-widget="banner"]');
    // Square, drawn smaller than its 1080 px so the note board gets its room (issue 31 item 16).
    const [w, h] = await banner.evaluate((el) => [el.style.width, el.style.height]);
    expect(w).toBe(h);
    await page.locator('[data-widget="partnerLogo"] [data-image-status="loaded"]').waitFor();
    expect(await page.locator('[data-widget="adsLarge"], [data-widget="adsSmall"]').count()).toBe(0);
    await page.locator('[data-widget="banner"] [data-image-status="loaded"]').first().waitFor();
    await page.waitForTimeout(1000);
    await saveScreenshot(page, 'display-oppslag-horizontal.png');

    const put = await stack.request('PUT', `/api/entities/${world.displayEntityId}`, {
      token: world.superadmin.token,
      body: { orientation: 1 },
    });
    expect(put.status).toBe(200);
    await page.setViewportSize({ width: 1080, height: 1920 });
    await page.locator('[data-orientation="vertical"]').waitFor({ timeout: 5000 });
    await page.locator('[data-widget="banner"] [data-image-status="loaded"]').first().waitFor();
    await page.waitForTimeout(1000);
    await saveScreenshot(page, 'display-oppslag-vertical.png');
  });
});
