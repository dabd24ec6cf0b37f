import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearRedisPrefix, TEST_REDIS_URL } from '@oppslag/api/testing';
import { Redis } from 'ioredis';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { saveScreenshot } from '../support/screenshots';
import { waitFor } from './support/cluster';
import { freePort, type Running, run } from './support/product';

/**
 * `npm start` as a newcomer without internet meets it: a fresh DATA_DIR, the public Entur and MET
 * unreachable (every https request goes to a proxy that is not there), nothing configured. The
 * start output names a display link; that screen shows notes, a banner image, departures and
 * weather within 60 s of the product answering.
 */
describe('the demo shows itself', { timeout: 300_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oppslag-demo-'));
  const prefix = `oppslag-demo-${randomBytes(6).toString('hex')}`;
  let product: Running | undefined;
  let browser: Browser | undefined;

  afterAll(async () => {
    await browser?.close();
    if (product && product.child.exitCode === null && product.child.signalCode === null) {
      product.child.kill('SIGTERM');
      await product.exited;
    }
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await clearRedisPrefix(redis, prefix).catch(() => undefined);
    redis.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a fresh start offline fills a screen with notes, a banner, departures and weather', async () => {
    const port = await freePort();
    // Nothing else configured (the test process sets no OFFLINE_DEMO, DATABASE_URL or service URLs).
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      // No internet: Node's fetch sends https through this proxy, where nothing listens.
      NODE_USE_ENV_PROXY: '1',
      HTTPS_PROXY: 'http://127.0.0.1:9',
      NO_PROXY: '127.0.0.1,localhost',
    };
    product = run('scripts/start.ts', env, port);
    const started = product;
    const link = (await waitFor(
      'the start output to name a display link',
      () => {
        if (started.child.exitCode !== null) throw new Error(started.text());
        return started.text().match(/Inngang Blokk A.*\n\s+(http\S+\/display\/#displayId=\S+)/)?.[1] ?? false;
      },
      240_000,
    )) as string;
    const out = product.text();
    expect(out).toMatch(/Entur and MET did not answer \(no internet\?\): using local stand-ins/);
    expect(out).toContain('eier@solbakken.no');
    expect(out).toContain(`http://localhost:${port}/ (console)`);

    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const cropped = new Set<string>();
    page.on('response', (res) => {
      if (res.ok() && /\/api\/assets\/[^/]+\/cropped/.test(res.url()))
        cropped.add(res.url().replace(/\?.*/, ''));
    });
    await page.goto(link.replace(`localhost:${port}`, `127.0.0.1:${port}`));
    const seen = (await waitFor(
      'notes, a banner image, departures and weather on the screen',
      async () => {
        const text = (await page.textContent('body')) ?? '';
        const bannerImages = await page.locator('img[src*="/templates/"]').count();
        const weatherDays = await page.getByTestId('weather-day').count();
        const ok =
          text.includes('Velkommen til Solbakken!') &&
          text.includes('Heisen i blokk A er reparert.') &&
          bannerImages > 0 &&
          text.includes('Jernbanetorget') &&
          text.includes('Vestli') &&
          weatherDays === 3 &&
          /\d°/.test(text);
        return ok ? { text, bannerImages } : false;
      },
      60_000,
    )) as { text: string };
    // The pending SMS note waits for a moderator: it is not on the screen.
    expect(seen.text).not.toContain('Loppemarked');
    // The photo and PDF banners come round in the rotation with the crops the worker rendered
    // (the player fetches asset files with its token and shows them as blob: images).
    await waitFor(
      'both uploaded banners fetched from their rendered crops',
      () => cropped.size >= 2,
      120_000,
    );

    // The README's display pictures are this demo: Blokk A in landscape showing an uploaded banner
    // (the slide at rest in the banner's box), Blokk B's portrait screen.
    const uploadedBannerAtRest = () =>
      page.evaluate(() => {
        const box = document.querySelector('[data-widget="banner"]')?.getBoundingClientRect();
        return [...document.querySelectorAll('[data-widget="banner"] img[src^="blob:"]')].some((img) => {
          const r = img.getBoundingClientRect();
          return box !== undefined && Math.abs(r.left - box.left) < 2 && Math.abs(r.top - box.top) < 2;
        });
      });
    await waitFor(
      'an uploaded banner at rest',
      async () => {
        if (!(await uploadedBannerAtRest())) return false;
        // Still there a moment later: the slide has finished sliding in.
        await page.waitForTimeout(800);
        return uploadedBannerAtRest();
      },
      120_000,
    );
    await saveScreenshot(page, 'display-horizontal.png');
    const portraitLink = out.match(/Inngang Blokk B.*\n\s+(http\S+\/display\/#displayId=\S+)/)?.[1];
    expect(portraitLink).toBeDefined();
    const portrait = await browser.newPage({ viewport: { width: 1080, height: 1920 } });
    await portrait.goto(String(portraitLink).replace(`localhost:${port}`, `127.0.0.1:${port}`));
    await portrait.locator('[data-orientation="vertical"]').waitFor({ timeout: 30_000 });
    await portrait.getByText('Velkommen til Solbakken!').first().waitFor({ timeout: 30_000 });
    await portrait.getByTestId('weather-day').nth(2).waitFor({ timeout: 30_000 });
    await portrait.getByText('Jernbanetorget').first().waitFor({ timeout: 30_000 });
    await portrait.locator('[data-widget="banner"] [data-image-status="loaded"]').first().waitFor();
    await portrait.waitForTimeout(1200);
    await saveScreenshot(portrait, 'display-vertical.png');
  });
});
