import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from './support/display-stack';

// Issue 12 item 4: the screen's own clock is two hours off either way. What it shows (a note that
// started a minute ago and ends in an hour, the clock, departures and forecast polled just now and
// so neither stale nor hidden) follows the server's time, learned from the answers' Date header.
let stack: TestStack;
let world: DisplayWorld;
let browser: Browser;
const HOUR = 3600_000;

const osloTime = (ms: number) =>
  new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' })
    .format(new Date(ms))
    .replace('.', ':');

describe('display player on a device clock two hours off', () => {
  beforeAll(async () => {
    stack = await startTestStack({
      web: [{ prefix: '/display', dir: buildPlayer() }],
      worker: 'relay',
      env: { DEMO_DATA: 'false', FEATURE_SET: 'styretavla', SMS_NUMBER: '2077' },
    });
    world = await seedDisplayWorld(stack);
    await seedLiveData(stack, world);
    noteId = await postNote(stack, world, {
      text: '<p>Vannet stenges i en time</p>',
      date: new Date(Date.now() - 60_000),
      end: new Date(Date.now() + HOUR),
    });
    browser = await launchChromium();
  });

  let noteId = 0;

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  for (const skew of [-2 * HOUR, 2 * HOUR])
    for (const orientation of [0, 1] as const) {
      const viewport = screenOf(orientation);
      it(`shows the current note, fresh departures and the server's time with the device ${skew > 0 ? '2 h fast' : '2 h slow'} at ${viewport.width}×${viewport.height}`, async () => {
        const put = await stack.request('PUT', `/api/entities/${world.displayEntityId}`, {
          token: world.superadmin.token,
          body: { orientation },
        });
        expect(put.status).toBe(200);
        const page = await browser.newPage({ viewport });
        try {
          await page.clock.install({ time: Date.now() + skew });
          expect(Math.abs((await page.evaluate(() => Date.now())) - (Date.now() + skew))).toBeLessThan(
            60_000,
          );
          await page.goto(`${stack.url}/display/#displayId=${world.displayId}&apiKey=${world.apiKey}`);
          await page.locator('[data-testid="note"]', { hasText: 'Vannet stenges i en time' }).waitFor();
          // The clock shows the server's minute (either side of a minute boundary while we look).
          const shown = await page.getByTestId('clock-time').textContent();
          const now = Date.now();
          expect([osloTime(now - 60_000), osloTime(now), osloTime(now + 60_000)]).toContain(shown);
          // Departures and forecast are fresh by the server's clock: shown, without an "updated" line.
          await page.locator('[data-testid="departure"]').first().waitFor();
          expect(await page.locator('[data-widget="weather"]').count()).toBe(1);
          expect(await page.locator('[data-testid="updated"]').count()).toBe(0);
        } finally {
          await page.close();
        }
      });
    }

  // Issue 31 item 13: the all-clear card's three minutes and proof of delivery follow the server's
  // clock too (they were timed by Date.now(): no card at all with the device 2 h slow, a card for
  // ~2 h with it 2 h fast, and "shown: 0" for a note on screen).
  for (const skew of [-2 * HOUR, 2 * HOUR])
    it(`shows the all-clear card for three server minutes and reports the note shown, device ${skew > 0 ? '2 h fast' : '2 h slow'}`, async () => {
      await stack.request('PUT', `/api/entities/${world.displayEntityId}`, {
        token: world.superadmin.token,
        body: { orientation: 0 },
      });
      const page = await browser.newPage({ viewport: screenOf(0) });
      try {
        await page.clock.install({ time: Date.now() + skew });
        await page.goto(`${stack.url}/display/#displayId=${world.displayId}&apiKey=${world.apiKey}`);
        await page.locator('[data-testid="connection"][data-online="true"]').waitFor({ timeout: 20_000 });
        await page.locator('[data-testid="note"]', { hasText: 'Vannet stenges i en time' }).waitFor();
        // Proof of delivery: the player says the note is on screen.
        await expect
          .poll(
            async () =>
              (
                await stack.request('GET', `/api/content/${world.orgId}/note/${noteId}/delivery`, {
                  token: world.superadmin.token,
                })
              ).body.shown,
            { timeout: 20_000 },
          )
          .toBe(1);

        const raised = await stack.request('POST', `/api/entities/${world.orgId}/alerts`, {
          token: world.superadmin.token,
          body: { template: 'water-leak' },
        });
        expect(raised.status).toBe(201);
        await page.getByTestId('alert-takeover').waitFor({ timeout: 10_000 });
        // Let the refetch that follows the push settle before the all clear.
        await page.waitForTimeout(1500);
        await page.getByTestId('alert-takeover').waitFor({ timeout: 10_000 });
        const cleared = await stack.request(
          'DELETE',
          `/api/entities/${world.orgId}/alerts/${raised.body.id}`,
          { token: world.superadmin.token },
        );
        expect(cleared.status).toBeLessThan(300);
        const clearedAt = Date.now();
        // Shown at once, until three minutes after the all clear by the server's (this process's) clock.
        const until = Number(
          await page.getByTestId('all-clear').getAttribute('data-until', { timeout: 10_000 }),
        );
        expect(Math.abs(until - (clearedAt + 3 * 60_000))).toBeLessThan(15_000);
      } finally {
        await page.close();
      }
    });
});
