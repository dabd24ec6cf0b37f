import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPlayer,
  type DisplayWorld,
  launchChromium,
  postNote,
  seedDisplayWorld,
  startTestStack,
  type TestStack,
} from './support/display-stack';

// Issue 12 item 2: a kiosk whose start URL carries displayId and apiKey boots after a power cut,
// often before the network is up. The API and the gateway are cut off by route interception (the
// player's own files still load), then let through again.
let stack: TestStack;
let world: DisplayWorld;
let browser: Browser;
let context: BrowserContext;

/**
 * Cuts the page off the API and the gateway (HTTP and WebSocket) until `reconnect`; counts the
 * register attempts it refused.
 */
async function cutOff(page: Page) {
  const net = { down: true, register: 0 };
  await page.route(/\/(api|socket\.io)\//, (route) => {
    if (!net.down) return route.continue();
    if (route.request().url().includes('/api/display/register')) net.register++;
    return route.abort('internetdisconnected');
  });
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (net.down) return ws.close({ code: 1006, reason: 'network down' });
    ws.connectToServer();
  });
  return net;
}
const noteTexts = (page: Page) => page.locator('[data-testid="note"]').allInnerTexts();

describe('display player boots without network', () => {
  beforeAll(async () => {
    stack = await startTestStack({
      web: [{ prefix: '/display', dir: buildPlayer() }],
      worker: 'relay',
      env: { DEMO_DATA: 'false', FEATURE_SET: 'oppslag', SMS_NUMBER: '2077' },
    });
    world = await seedDisplayWorld(stack);
    await postNote(stack, world, { text: '<p>Dugnad lørdag kl. 10</p>' });
    browser = await launchChromium();
    // The service worker would answer from its own cache; the test is about the player's retries.
    context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, serviceWorkers: 'block' });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const startUrl = () => `${stack.url}/display/#displayId=${world.displayId}&apiKey=${world.apiKey}`;

  it('first boot: says it is connecting, keeps trying, and goes live when the server answers', async () => {
    const page = await context.newPage();
    const net = await cutOff(page);
    await page.goto(startUrl());
    await page.getByTestId('connecting').waitFor();
    // Two more attempts (after 1 s, then 2 s of back-off) still find no server; the form never shows.
    await expect.poll(() => net.register, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('connecting').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Registrer skjerm' }).count()).toBe(0);
    net.down = false;
    await page.locator('[data-testid="note"]').first().waitFor({ timeout: 40_000 });
    expect(await noteTexts(page)).toEqual(['Dugnad lørdag kl. 10']);
    await page.locator('[data-testid="connection"][data-online="true"]').waitFor({ timeout: 40_000 });
    await page.close();
  });

  it('after a power cut: plays the cached board from the start URL, then goes live by itself', async () => {
    const page = await context.newPage();
    const net = await cutOff(page);
    await page.goto(startUrl());
    // The stored session and the cached content of the first boot, with no server at all.
    await page.locator('[data-testid="note"]').first().waitFor();
    expect(await noteTexts(page)).toEqual(['Dugnad lørdag kl. 10']);
    expect(await page.locator('[data-testid="connection"]').getAttribute('data-online')).toBe('false');
    expect(await page.getByRole('heading', { name: 'Registrer skjerm' }).count()).toBe(0);
    await postNote(stack, world, { text: '<p>Ny melding mens skjermen var frakoblet</p>' });
    net.down = false;
    await page.locator('[data-testid="connection"][data-online="true"]').waitFor({ timeout: 40_000 });
    await page
      .locator('[data-testid="note"]', { hasText: 'Ny melding mens skjermen var frakoblet' })
      .waitFor({ timeout: 40_000 });
    await page.close();
  });
});
