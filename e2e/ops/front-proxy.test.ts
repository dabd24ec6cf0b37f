import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrontProxy, inlineScriptHashes, UNAVAILABLE_PAGE } from '../../scripts/proxy';
import { launchChromium } from '../support/chromium';
import { saveScreenshot } from '../support/screenshots';
import { freePort, waitFor } from './support/cluster';
import { root } from './support/product';
import { API_FETCH, expectJson, expectPage, get, NAVIGATE } from './support/unavailable';

/**
 * Issue 26 item 4: while the API process is away, the front proxy of separate-process mode answers
 * a browser navigation with a page that retries by itself (a screen opened too early came up on
 * raw JSON and stayed there), and API clients with JSON as before.
 */
describe('front proxy while the API is away', () => {
  let proxy: Server;
  let apiPort: number;
  let base: string;
  let api: Server | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    // Nothing listens on the API's port yet: every forward is refused, as while a child restarts.
    apiPort = await freePort();
    proxy = createFrontProxy({ api: apiPort, realtime: apiPort });
    const port = await freePort();
    await new Promise<void>((r) => proxy.listen(port, '127.0.0.1', r));
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await browser?.close();
    proxy.close();
    api?.close();
  });

  it('answers a navigation with the page, API clients with JSON', async () => {
    expectPage(await get(`${base}/display/`, NAVIGATE));
    expectPage(await get(`${base}/display/?lang=en`, NAVIGATE));
    expectPage(await get(`${base}/`, NAVIGATE));
    // A client that sends no Sec-Fetch-Mode but asks for HTML (an older browser) gets the page too.
    expectPage(await get(`${base}/display/`, { accept: 'text/html' }));
    // The player's and the console's fetch(), curl, and HTML-accepting clients of /api get JSON.
    expectJson(await get(`${base}/api/display/content`, API_FETCH));
    expectJson(await get(`${base}/display/`, API_FETCH));
    expectJson(await get(`${base}/api/status`));
    expectJson(await get(`${base}/api/status`, { accept: 'text/html' }));
    expectJson(await get(`${base}/socket.io/?EIO=4&transport=polling`, { accept: '*/*' }));
  });

  it("allows exactly the page's own script, in the proxy and in nginx", async () => {
    const [hash] = inlineScriptHashes(UNAVAILABLE_PAGE.toString());
    expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    const res = await get(`${base}/display/`, NAVIGATE);
    expect(res.headers['content-security-policy']).toContain(`script-src ${hash};`);
    // nginx serves the same file; its header must carry the same hash or the page never reloads.
    const nginx = readFileSync(join(root, 'docker/nginx.conf'), 'utf8');
    expect(nginx).toContain(`script-src ${hash};`);
    expect(readFileSync(join(root, 'docker/Dockerfile'), 'utf8')).toContain(
      'COPY docker/unavailable.html /usr/share/nginx/oppslag/unavailable.html',
    );
  });

  it('in Chromium: the page reloads by itself, keeps the start link, and gives way to the app', async () => {
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    let served = 0;
    let loads = 0;
    page.on('load', () => loads++);
    // The kiosk's start link carries its credentials in the fragment; they must survive the retries.
    await page.goto(`${base}/display/?lang=en#displayId=abc&apiKey=k`);
    expect(await page.locator('[data-oppslag-unavailable]').count()).toBe(1);
    expect(await page.locator('h1').textContent()).toBe('Oppslag starter …');
    await saveScreenshot(page, 'front-proxy-unavailable.png');
    // It tries again by itself (after 2 s, then 4 s), still finding the page.
    await waitFor('the page reloading itself', () => loads >= 2, 10_000);
    expect(await page.locator('[data-oppslag-unavailable]').count()).toBe(1);
    const startedAt = Date.now();
    // The API comes up: the next retry lands on it.
    api = createServer((req, res) => {
      served++;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>app</title><h1 id="app">${req.url}</h1>`);
    });
    await new Promise<void>((r) => api?.listen(apiPort, '127.0.0.1', r));
    await page.locator('#app').waitFor({ timeout: 20_000 });
    expect(await page.locator('#app').textContent()).toBe('/display/?lang=en');
    expect(new URL(page.url()).hash).toBe('#displayId=abc&apiKey=k');
    expect(served).toBeGreaterThan(0);
    // The back-off never waits longer than 15 s.
    expect(Date.now() - startedAt).toBeLessThan(16_000);
    await page.close();
  });
});
