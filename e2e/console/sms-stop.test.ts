import { smsMessages, smsOptOuts } from '@oppslag/api/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import { createEntity, installAndSignIn, rootId, useToken } from './support/world';

const TEXT = {
  no: { title: 'Numre som har sendt STOPP', lift: 'Opphev STOPP', empty: 'Ingen numre har sendt STOPP.' },
  en: { title: 'Numbers that sent STOP', lift: 'Lift STOP', empty: 'No number has sent STOP.' },
} as const;

/**
 * The board's STOP list in the organization's settings (issue 28 item 9), in both languages: the
 * residents who sent STOP to the organization are listed masked, and the board lifts one.
 */
describe('STOP list in the SMS settings', () => {
  let s: ConsoleStack;
  let token: string;
  let orgId: number;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    s = await startConsoleStack();
    token = await installAndSignIn(s.stack);
    orgId = (
      await createEntity(s.stack, token, {
        name: 'Solsiden',
        type: 'organization',
        parentId: await rootId(s.stack, token),
      })
    ).id;
  }, 240_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await s?.close();
  });

  /** A resident who wrote to the organization and then sent STOP (as the worker records both). */
  async function residentStopped(number: string) {
    const db = s.stack.deps.database.db;
    await db.insert(smsMessages).values({
      provider: 'generic',
      providerMessageId: `e2e-${number}`,
      from: number,
      text: 'solsiden Heisen står',
      raw: {},
      status: 'routed',
      entityId: orgId,
    });
    await db.insert(smsOptOuts).values({ number, optedOutAt: new Date('2026-05-04T10:00:00Z') });
  }

  async function open(language: 'no' | 'en'): Promise<Page> {
    const { page, context } = await s.newPage();
    contexts.push(context);
    const res = await s.stack.request('PUT', '/api/account', { token, body: { language } });
    token = res.body.token as string;
    await useToken(context, token, language);
    await page.goto(`/entities/${orgId}/settings`);
    return page;
  }

  for (const [lang, number] of [
    ['no', '004791234567'],
    ['en', '004798765432'],
  ] as const) {
    it(`lists the number masked and lifts its STOP (${lang})`, async () => {
      await residentStopped(number);
      const t = TEXT[lang];
      const page = await open(lang);
      await page.getByRole('heading', { name: t.title }).waitFor();
      const card = page.getByTestId('sms-stop-list');
      const masked = `+47 •••••• ${number.slice(-2)}`;
      await card.getByText(masked).waitFor();
      expect(await card.textContent()).not.toContain(number.slice(4));
      await page
        .getByRole('heading', { name: t.title })
        .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
      await screenshot(page, `sms-stop-${lang}`);
      await card.getByRole('button', { name: t.lift }).click();
      await card.getByText(t.empty).waitFor();
      expect(await s.stack.deps.database.db.select().from(smsOptOuts)).toEqual([]);
    });
  }
});
