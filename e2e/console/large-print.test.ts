import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import { createEntity, type EntityRow, installAndSignIn, rootId, useToken } from './support/world';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/**
 * Large print (issue 12) in the console's display settings card, across the seam: switched on for
 * the organization in Norwegian, every screen below it gets it in its manifest; a display set to
 * "Off" in English keeps normal print whatever its organization says.
 */
describe('large print in the display settings card', () => {
  let s: ConsoleStack;
  let token: string;
  let org: EntityRow;
  let display: EntityRow;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    s = await startConsoleStack();
    token = await installAndSignIn(s.stack);
    org = await createEntity(s.stack, token, {
      name: 'Solsiden borettslag',
      type: 'organization',
      parentId: await rootId(s.stack, token),
    });
    display = await createEntity(s.stack, token, { name: 'Oppgang A', type: 'display', parentId: org.id });
  }, 240_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await s?.close();
  });

  async function open(path: string, language: 'no' | 'en', viewport: typeof LAPTOP): Promise<Page> {
    const { page, context } = await s.newPage({ viewport, locale: language === 'en' ? 'en-GB' : 'nb-NO' });
    contexts.push(context);
    const res = await s.stack.request('PUT', '/api/account', { token, body: { language } });
    token = res.body.token as string;
    await useToken(context, token, language);
    await page.goto(path);
    return page;
  }

  /** What the screen is told, read the way the player reads it. */
  async function manifestLargePrint(): Promise<boolean> {
    const res = await s.stack.request('POST', '/api/display/register', {
      body: { displayId: display.displayId, apiKey: display.apiKey },
    });
    expect(res.status).toBe(200);
    return res.body.manifest.display.largePrint as boolean;
  }

  it('switched on for the organization reaches its screens (nb, laptop)', async () => {
    expect(await manifestLargePrint()).toBe(false);
    const page = await open(`/entities/${org.id}/settings`, 'no', LAPTOP);
    const card = page.getByTestId('display-settings');
    const select = card.getByLabel('Stor skrift');
    expect(await select.inputValue()).toBe('inherit');
    await select.selectOption({ label: 'På: større tekst, færre oppslag per side' });
    await card.getByRole('button', { name: 'Lagre' }).click();
    await card.getByText('Skjerminnstillingene er oppdatert.').waitFor();
    expect((await s.stack.request('GET', `/api/entities/${org.id}`, { token })).body.largePrint).toBe(true);
    expect(await manifestLargePrint()).toBe(true);
    await select.scrollIntoViewIfNeeded();
    await screenshot(page, 'large-print-nb-laptop');
  });

  it('a display set to off keeps normal print (en, phone)', async () => {
    const page = await open(`/entities/${display.id}/settings`, 'en', PHONE);
    const card = page.getByTestId('display-settings');
    const select = card.getByLabel('Large print');
    expect(await select.inputValue()).toBe('inherit');
    await select.selectOption({ label: 'Off' });
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('The display settings have been sucessfully updated.').waitFor();
    expect(await manifestLargePrint()).toBe(false);
    await select.scrollIntoViewIfNeeded();
    await screenshot(page, 'large-print-en-phone');
    // Back to inheriting: the organization's choice again.
    await select.selectOption({ label: 'Same as the parent entity' });
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(manifestLargePrint).toBe(true);
  });
});
