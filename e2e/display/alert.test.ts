import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, screenshot, startConsoleStack } from '../console/support/console-stack';
import { createEntity, installAndSignIn, rootId, useToken } from '../console/support/world';
import { saveScreenshot } from '../support/screenshots';
import { buildPlayer } from './support/build-player';

/**
 * Issue 16 in the browsers: the console's "Akuttvarsel" dialog raises an alert on an organization,
 * the player below it (1920×1080) is taken over by it, and "Alt i orden" in the console brings the
 * all-clear card. Screenshots of each step (and the dialog in English) go to .data/screenshots.
 */
describe('emergency alert: console dialog → screen takeover → all clear', () => {
  let s: ConsoleStack;
  let token: string;
  let orgId: number;
  let player: Page;

  beforeAll(async () => {
    buildPlayer();
    s = await startConsoleStack();
    token = await installAndSignIn(s.stack);
    const org = await createEntity(s.stack, token, {
      name: 'Solbakken borettslag',
      type: 'organization',
      parentId: await rootId(s.stack, token),
      codeWord: 'SOLBAKKEN',
    });
    orgId = org.id;
    const display = await createEntity(s.stack, token, {
      name: 'Oppgang A',
      type: 'display',
      parentId: org.id,
    });
    const screen = await s.newPage({ viewport: { width: 1920, height: 1080 } });
    player = screen.page;
    // The console's preview link: the player registers with the credentials and goes live.
    await player.goto(
      `/display/#displayId=${encodeURIComponent(display.displayId as string)}&apiKey=${encodeURIComponent(display.apiKey as string)}`,
    );
    await player.locator('[data-testid="connection"][data-online="true"]').waitFor({ timeout: 30_000 });
  }, 180_000);

  afterAll(async () => {
    await s?.close();
  });

  it('raises an alert from the console dialog; the screen below takes over, then shows the all-clear card', async () => {
    const { context, page } = await s.newPage();
    await useToken(context, token);
    await page.goto(`/entities/${orgId}`);
    await page.getByTestId('raise-alert').click();
    const dialog = page.getByTestId('alert-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Vannet stengt').check();
    await dialog.getByLabel('Fra kl.').fill('10:00');
    await dialog.getByLabel('Til kl.').fill('14:00');
    await expect
      .poll(() => page.getByTestId('alert-preview').textContent())
      .toContain('Vannet er stengt fra 10:00 til 14:00');
    await screenshot(page, 'alert-dialog-nb');
    await dialog.getByRole('button', { name: 'Send akuttvarsel' }).click();

    // The screen: the whole 1920×1080 viewport is the alert card.
    const card = player.getByTestId('alert-takeover');
    await card.waitFor({ timeout: 10_000 });
    expect(await card.locator('h1').textContent()).toBe('Vannet stengt');
    expect(await card.textContent()).toContain('The water is shut off from 10:00 to 14:00');
    const box = await card.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1920, height: 1080 });
    await saveScreenshot(player, 'display-alert.png');

    // The console lists it with "Alt i orden".
    const row = page.getByTestId('active-alert');
    await row.waitFor();
    await screenshot(page, 'alert-active-nb');
    await row.getByRole('button', { name: 'Alt i orden' }).click();
    await player.getByTestId('all-clear').waitFor({ timeout: 10_000 });
    expect(await player.getByTestId('alert-takeover').count()).toBe(0);
    expect(await player.getByTestId('all-clear').locator('h1').textContent()).toBe('Alt i orden');
    await saveScreenshot(player, 'display-all-clear.png');
    await expect.poll(() => page.getByTestId('active-alert').count()).toBe(0);
  });

  it('sets quiet hours in the settings tab; the screen below dims in them', async () => {
    const { context, page } = await s.newPage();
    await useToken(context, token);
    await page.goto(`/entities/${orgId}/settings`);
    const card = page.getByTestId('quiet-hours-settings');
    await card.getByLabel('Om natten').selectOption('dim');
    // A window around the current Oslo time, so the screen is in it now.
    const oslo = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Oslo',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    const hour = Number(oslo.format(new Date()));
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    await card.getByLabel('Fra kl.').fill(hh(hour - 1));
    await card.getByLabel('Til kl.').fill(hh(hour + 2));
    await card.getByRole('button', { name: 'Lagre' }).click();
    await card.getByText('Stilletiden er lagret.').waitFor();
    await screenshot(page, 'quiet-hours-nb');
    const quiet = player.getByTestId('quiet-hours');
    await quiet.waitFor({ timeout: 10_000 });
    expect(await quiet.getAttribute('data-mode')).toBe('dim');
    await saveScreenshot(player, 'display-quiet-dim.png');
  });

  it('shows the dialog in English', async () => {
    const { context, page } = await s.newPage({ locale: 'en-GB' });
    // A signed-in console speaks the user's own language (profile).
    const res = await s.stack.request('PUT', '/api/account', { token, body: { language: 'en' } });
    await useToken(context, res.body.token as string, 'en');
    await page.goto(`/entities/${orgId}`);
    await page.getByTestId('raise-alert').click();
    const dialog = page.getByTestId('alert-dialog');
    await dialog.getByLabel('Own text').check();
    await dialog.getByLabel('Heading').fill('Gas smell in the basement');
    await dialog
      .getByLabel('Text', { exact: true })
      .fill('Do not use open flames. The fire brigade is on its way.');
    await expect
      .poll(() => page.getByTestId('alert-preview').textContent())
      .toContain('Gas smell in the basement');
    expect(await page.getByRole('button', { name: 'Send emergency alert' }).count()).toBe(1);
    await screenshot(page, 'alert-dialog-en');
  });
});
