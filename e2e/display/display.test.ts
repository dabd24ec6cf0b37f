import { createNote, unitOfWork } from '@oppslag/api/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/screenshots';
import {
  buildPlayer,
  type DisplayWorld,
  launchChromium,
  postNote,
  restartable,
  seedDisplayWorld,
  seedLiveData,
  startTestStack,
  type TestStack,
  uploadAd,
} from './support/display-stack';

// Sample ads as a local shop would design them (rendered to PNG and uploaded in the test).
const AD_LARGE = `<div style="width:590px;height:630px;box-sizing:border-box;padding:48px;font-family:sans-serif;
  background:linear-gradient(160deg,#fff6e5,#ffd9a0);color:#4a2b00;display:flex;flex-direction:column;justify-content:space-between">
  <div style="font-size:34px;font-weight:700;letter-spacing:2px">STORO BAKERI</div>
  <div><div style="font-size:76px;font-weight:800;line-height:1">Ferske boller</div>
  <div style="font-size:38px;margin-top:18px">hver morgen fra kl. 07</div></div>
  <div style="font-size:30px;background:#4a2b00;color:#fff;padding:14px 22px;border-radius:14px;align-self:flex-start">
  2 for 1 med koden SOLBAKKEN</div></div>`;
const AD_SMALL = `<div style="width:480px;height:175px;box-sizing:border-box;padding:22px 30px;font-family:sans-serif;
  background:#1d3557;color:#fff;display:flex;align-items:center;gap:24px">
  <div style="width:96px;height:96px;border-radius:50%;background:#e63946;display:flex;align-items:center;
  justify-content:center;font-size:44px;font-weight:800">V</div>
  <div><div style="font-size:34px;font-weight:800">Vaktmester&shy;service</div>
  <div style="font-size:24px;opacity:.85">Døgnvakt 22 00 11 00</div></div></div>`;

let stack: TestStack;
let world: DisplayWorld;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let servers: ReturnType<typeof restartable>;

const noteTexts = () => page.locator('[data-testid="note"]').allInnerTexts();
/** Every note current on the board, on whichever of its pages (the board's unseen layout copy). */
const boardTexts = () => page.locator('[data-board-note]').allTextContents();
/** A note on the page showing now. */
const shownNote = (text: string) => page.locator('[data-testid="note"]', { hasText: text });

describe('display player on the real stack', () => {
  beforeAll(async () => {
    const web = [{ prefix: '/display', dir: buildPlayer() }];
    stack = await startTestStack({
      web,
      worker: 'relay',
      env: { DEMO_DATA: 'false', FEATURE_SET: 'styretavla', SMS_NUMBER: '2077' },
    });
    servers = restartable(stack, web);
    world = await seedDisplayWorld(stack);
    await seedLiveData(stack, world);
    await postNote(stack, world, {
      text: '<h2>Dugnad lørdag</h2><p>Vi møtes ved sandkassa <strong>kl. 10</strong>. Ta med hansker!</p>',
      icon: 'group',
      iconColor: '#019939',
    });
    await postNote(stack, world, {
      text: '<p><strong>Vannet stenges</strong> tirsdag 09–12 på grunn av rørarbeid.</p>',
      icon: 'warning',
      iconColor: '#e60000',
      sticky: true,
    });
    await postNote(stack, world, {
      text: '<p>Husk å rydde sykkelboden innen 1. desember. Umerkede sykler fjernes.</p>',
      icon: 'build',
      iconColor: '#0b91ef',
    });
    const banner = await stack.request('POST', `/api/content/${world.orgId}/banner`, {
      token: world.superadmin.token,
      body: {
        type: 'banner-template',
        templateId: 'meeting',
        templateText: '<h1>Generalforsamling</h1><p>Torsdag 3. desember kl. 18.00 i fellesrommet</p>',
        duration: 8,
        approved: true,
      },
    });
    expect(banner.status).toBe(201);
    browser = await launchChromium();
    await uploadAd(stack, world, browser, 'adsLarge', { width: 590, height: 630 }, AD_LARGE);
    await uploadAd(stack, world, browser, 'adsSmall', { width: 480, height: 175 }, AD_SMALL);
    context = await browser.newContext({
      viewport: { width: 1920, height: 1080 },
      locale: 'nb-NO',
      timezoneId: 'Europe/Oslo',
    });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await servers?.close();
    await stack?.close();
  });

  it('asks for credentials, registers the display and shows its content', async () => {
    await page.goto(`${stack.url}/display/`);
    await page.getByRole('heading', { name: 'Registrer skjerm' }).waitFor();
    await page.getByLabel('Skjerm-ID').fill(world.displayId);
    await page.getByLabel('API-nøkkel').fill('wrong-key');
    await page.getByRole('button', { name: 'Registrer' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Ukjent skjerm-ID eller feil API-nøkkel.');

    await page.getByLabel('API-nøkkel').fill(world.apiKey);
    await page.getByRole('button', { name: 'Registrer' }).click();
    await page.locator('[data-testid="note"]').first().waitFor();
    const texts = await noteTexts();
    expect(texts[0]).toContain('Vannet stenges'); // sticky first
    expect((await boardTexts()).join('\n')).toContain('Dugnad lørdag');
    expect(await page.getByTestId('clock-time').textContent()).toMatch(/^\d\d:\d\d$/);
    expect(await page.getByTestId('code-word').textContent()).toBe('SOLBAKKEN');
    expect(await page.getByTestId('departure').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('weather-day').count()).toBe(3);
    // The banner's image loads after the content is shown: waited for, not counted at once.
    await expect
      .poll(() => page.locator('[data-widget="banner"] [data-image-status="loaded"]').count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('connection').getAttribute('data-online')).toBe('true');
  });

  // The change-to-screen latency is measured by `npm run bench` (realtime), not asserted here.
  it('shows a note written through the API without a reload', async () => {
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    await postNote(stack, world, {
      text: '<p>Pakke til Hansen ligger i postrommet</p>',
      icon: 'comment',
      iconColor: '#f6b40e',
    });
    await shownNote('Pakke til Hansen ligger i postrommet').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  it('keeps rendering with the API and gateway gone, expires notes on time, and resyncs when they return', async () => {
    const expiring = 'Heisen er ute av drift i ettermiddag';
    await postNote(stack, world, {
      text: `<p>${expiring}</p>`,
      icon: 'error',
      iconColor: '#e60000',
      end: new Date(Date.now() + 8000),
    });
    await shownNote(expiring).waitFor({ timeout: 2000 });
    // A push is shown at once and stored with the revalidation that follows it (150 ms debounce plus
    // a round trip); the servers go only after that, as a power cut would any later moment.
    await expect
      .poll(() =>
        page.evaluate((text) => {
          const stored = Object.entries(localStorage).find(([k]) => k.endsWith('.content'))?.[1];
          return stored?.includes(text) ?? false;
        }, expiring),
      )
      .toBe(true);
    // Let the service worker take control and cache the shell before the servers go.
    const controlled = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]),
    );
    expect(controlled).toBe(true);

    await servers.stop();
    await expect
      .poll(() => page.getByTestId('connection').getAttribute('data-online'), { timeout: 10_000 })
      .toBe('false');
    expect((await boardTexts()).join('\n')).toContain('Dugnad lørdag');

    // The note's end passes while the servers are away: it still leaves the board on time.
    await page
      .locator('[data-board-note]', { hasText: expiring })
      .waitFor({ state: 'detached', timeout: 10_000 });

    // A power cut while offline: the shell comes from the service worker, the content from storage.
    await page.reload();
    await page.locator('[data-testid="note"]').first().waitFor({ timeout: 10_000 });
    expect((await boardTexts()).join('\n')).toContain('Pakke til Hansen');
    expect(await page.locator('[data-board-note]', { hasText: expiring }).count()).toBe(0);
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });

    // A change made while the screen could not hear about it.
    const away = 'Ny vaskeliste henger i kjelleren';
    await unitOfWork(stack.deps, (tx) =>
      createNote(
        tx,
        world.orgId,
        {
          text: `<p>${away}</p>`,
          date: new Date(),
          icon: 'information',
          iconColor: '#019939',
          approved: true,
        },
        { id: world.superadmin.id, admin: true } as Parameters<typeof createNote>[3],
        new Date(),
      ),
    );

    await servers.start();
    await shownNote(away).waitFor({ timeout: 45_000 });
    await expect
      .poll(() => page.getByTestId('connection').getAttribute('data-online'), { timeout: 45_000 })
      .toBe('true');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // And it is live again, for writes and deletes.
    const again = await postNote(stack, world, { text: '<p>Live igjen</p>' });
    await shownNote('Live igjen').waitFor({ timeout: 2000 });
    const removed = await stack.request('DELETE', `/api/content/${world.orgId}/note/${again}`, {
      token: world.superadmin.token,
    });
    expect(removed.status).toBe(200);
    await page
      .locator('[data-board-note]', { hasText: 'Live igjen' })
      .waitFor({ state: 'detached', timeout: 2000 });
  });

  it('takes screenshots of a horizontal and a vertical screen', async () => {
    await seedLiveData(stack, world);
    await page.reload();
    await page.locator('[data-testid="note"]').first().waitFor();
    await page.locator('[data-widget="banner"] [data-image-status="loaded"]').first().waitFor();
    await page.waitForTimeout(1200);
    // Not the README's pictures: those come from the demo itself (e2e/ops/demo.test.ts).
    await saveScreenshot(page, 'display-stack-horizontal.png');

    const put = await stack.request('PUT', `/api/entities/${world.displayEntityId}`, {
      token: world.superadmin.token,
      body: { orientation: 1 },
    });
    expect(put.status).toBe(200);
    await page.setViewportSize({ width: 1080, height: 1920 });
    // entity.updated reaches the screen, which refetches its manifest and turns without a reload.
    await page.locator('[data-orientation="vertical"]').waitFor({ timeout: 5000 });
    await page.locator('[data-widget="banner"] [data-image-status="loaded"]').first().waitFor();
    await page.waitForTimeout(1200);
    await saveScreenshot(page, 'display-stack-vertical.png');
  });

  it('sends a display whose API key was regenerated back to registration', async () => {
    const res = await stack.request('POST', `/api/entities/${world.displayEntityId}/regenerate-api-key`, {
      token: world.superadmin.token,
    });
    expect(res.status).toBe(200);
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .textContent()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toBe('API-nøkkelen for denne skjermen er ikke lenger gyldig. Registrer skjermen på nytt.');
  });
});
