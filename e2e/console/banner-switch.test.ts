import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlayer } from '../display/support/build-player';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import { createEntity, type EntityRow, installAndSignIn, rootId, useToken } from './support/world';

/**
 * Issue 31 item 1 in Chromium: the console and the screens judge the per-entity banner switch by
 * one rule. With the organization's banner slot off, the console says the content is not switched
 * on and the screen below shows none of the organization's banners; switched on, both agree again.
 */
describe('banners follow the per-entity switch on the console and on the screen', () => {
  let s: ConsoleStack;
  let token: string;
  let org: EntityRow;
  let display: EntityRow;
  const contexts: BrowserContext[] = [];
  const BANNER = 'Dugnad i bakgården lørdag';

  beforeAll(async () => {
    buildPlayer();
    s = await startConsoleStack();
    token = await installAndSignIn(s.stack);
    org = await createEntity(s.stack, token, {
      name: 'Solsiden borettslag',
      type: 'organization',
      parentId: await rootId(s.stack, token),
    });
    display = await createEntity(s.stack, token, { name: 'Inngang A', type: 'display', parentId: org.id });
    const banner = await s.stack.request('POST', `/api/content/${org.id}/banner`, {
      token,
      body: { type: 'banner-template', templateText: `<p>${BANNER}</p>`, duration: 10, approved: true },
    });
    expect(banner.status).toBe(201);
  }, 240_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await s?.close();
  });

  async function player(): Promise<Page> {
    const context = await s.browser.newContext({ baseURL: s.url, viewport: { width: 1280, height: 720 } });
    contexts.push(context);
    const page = await context.newPage();
    const q = new URLSearchParams({ displayId: display.displayId ?? '', apiKey: display.apiKey ?? '' });
    await page.goto(`/display/#${q}`);
    await page.waitForSelector('[data-testid="connection"][data-online="true"]', { timeout: 15_000 });
    return page;
  }

  it('shows no banner where the console calls banners off, and the banner once switched on', async () => {
    const { page, context } = await s.newPage({ viewport: { width: 1366, height: 860 } });
    contexts.push(context);
    await useToken(context, token);
    await page.goto(`/entities/${org.id}/content/banner`);
    await page.getByText('Dette innholdet er ikke slått på for enheten.').waitFor();

    const screen = await player();
    // The player has the content (a note board, the clock) but not the organization's banner.
    await screen.getByTestId('clock-time').waitFor();
    await screen.waitForTimeout(1500);
    expect(await screen.locator('body').textContent()).not.toContain(BANNER);
    await screenshot(screen, 'banner-switch-off-screen');

    const on = await s.stack.request('PUT', `/api/entities/${org.id}`, {
      token,
      body: { features: ['banner'] },
    });
    expect(on.status).toBe(200);
    await expect
      .poll(() => screen.locator('body').textContent(), { timeout: 30_000, interval: 1000 })
      .toContain(BANNER);
    await page.reload();
    await page.getByRole('heading', { name: 'Bannere' }).first().waitFor();
    expect(await page.getByText('Dette innholdet er ikke slått på for enheten.').count()).toBe(0);
    await screenshot(page, 'banner-switch-on-console');
  });
});
