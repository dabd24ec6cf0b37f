import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPlayer,
  type DisplayWorld,
  launchChromium,
  seedDisplayWorld,
  startTestStack,
  type TestStack,
  uploadAd,
} from './support/display-stack';

// Issue 31 item 14: the health screenshot showed blank grey where photo banners and the partner
// logo are. A screen showing a solid cyan photo banner and a solid magenta logo sends a thumbnail
// with those colours where they are on screen.
const solid = (w: number, h: number, colour: string) =>
  `<div style="width:${w}px;height:${h}px;background:${colour}"></div>`;

describe('the health screenshot shows the images on screen', () => {
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
    browser = await launchChromium();
    await uploadAd(
      stack,
      world,
      browser,
      'partnerLogo',
      { width: 536, height: 80 },
      solid(536, 80, '#ff00ff'),
    );
    // A photo banner, uploaded like the ads (the same asset route, the banner slot).
    const page = await browser.newPage({ viewport: { width: 1080, height: 1080 } });
    await page.setContent(`<body style="margin:0">${solid(1080, 1080, '#00ffff')}</body>`);
    const png = await page.screenshot({ type: 'png' });
    await page.close();
    const form = new FormData();
    form.set('entity', String(world.orgId));
    form.set('slot', 'banner');
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'banner.png');
    const res = await fetch(`${stack.url}/api/assets/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.superadmin.token}` },
      body: form,
    });
    const uploaded = (await res.json()) as { asset: { id: number } };
    expect(res.status).toBe(201);
    const banner = await stack.request('POST', `/api/content/${world.orgId}/banner`, {
      token: world.superadmin.token,
      body: { type: 'banner-asset', assetId: uploaded.asset.id, duration: 15, approved: true },
    });
    expect(banner.status).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('has the photo banner and the partner logo in the thumbnail', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    try {
      await page.goto(`${stack.url}/display/#displayId=${world.displayId}&apiKey=${world.apiKey}`);
      await page.locator('[data-widget="banner"] [data-image-status="loaded"]').first().waitFor();
      await page.locator('[data-widget="partnerLogo"] [data-image-status="loaded"]').waitFor();
      await page.locator('[data-testid="connection"][data-online="true"]').waitFor();
      await page.waitForTimeout(1000);
      const centre = (selector: string) =>
        page.locator(selector).evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        });
      const bannerAt = await centre('[data-widget="banner"]');
      const logoAt = await centre('[data-widget="partnerLogo"]');

      const asked = await stack.request('POST', `/api/entities/${world.displayEntityId}/health/screenshot`, {
        token: world.superadmin.token,
      });
      expect(asked.status).toBe(202);
      let dataUrl = '';
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const health = await stack.request('GET', `/api/entities/${world.displayEntityId}/health`, {
          token: world.superadmin.token,
        });
        if (health.body.screenshot && health.body.screenshotRequestedAt === null) {
          dataUrl = health.body.screenshot.dataUrl;
          break;
        }
        await new Promise((r) => setTimeout(r, 300));
      }
      expect(dataUrl).toMatch(/^data:image\/jpeg;base64,/);

      // Read the thumbnail's pixels where the banner and the logo are (scaled to its 480 px).
      const viewer = await browser.newPage();
      try {
        const colours = await viewer.evaluate(
          async ({ url, points }) => {
            const img = new Image();
            img.src = url;
            await img.decode();
            const canvas = document.createElement('canvas');
            canvas.width = img.naturalWidth;
            canvas.height = img.naturalHeight;
            const ctx = canvas.getContext('2d')!;
            ctx.drawImage(img, 0, 0);
            const k = img.naturalWidth / 1920;
            return points.map((p) => [
              ...ctx.getImageData(Math.round(p.x * k), Math.round(p.y * k), 1, 1).data,
            ]);
          },
          { url: dataUrl, points: [bannerAt, logoAt] },
        );
        const near = (rgba: number[], rgb: number[]) => rgb.every((c, i) => Math.abs(rgba[i] - c) < 40);
        expect(colours[0], `banner pixel ${colours[0]}`).toSatisfy((c: number[]) => near(c, [0, 255, 255]));
        expect(colours[1], `logo pixel ${colours[1]}`).toSatisfy((c: number[]) => near(c, [255, 0, 255]));
      } finally {
        await viewer.close();
      }
    } finally {
      await page.close();
    }
  });
});
