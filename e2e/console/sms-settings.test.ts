import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import { createEntity, installAndSignIn, rootId, useToken } from './support/world';

const TEXT = {
  no: {
    title: 'SMS-innstillinger',
    daily: 'Svar per nummer per dag',
    budget: 'SMS-budsjett per måned',
    save: 'Lagre',
    saved: 'SMS-innstillingene er oppdatert.',
    usage: 'Sendt denne måneden: 0 av 0 SMS.',
    reached: /Månedens SMS-budsjett er brukt opp/,
    onOrganization: 'SMS-grensene settes i organisasjonens SMS-innstillinger.',
  },
  en: {
    title: 'SMS settings',
    daily: 'Replies per number per day',
    budget: 'SMS budget per month',
    save: 'Save',
    saved: 'The SMS settings have been successfully updated.',
    usage: 'Sent this month: 0 of 0 SMS.',
    reached: /This month's SMS budget has been reached/,
    onOrganization: "The SMS limits are set in the organization's SMS settings.",
  },
} as const;

/**
 * The SMS caps in the console's SMS settings card, in both languages: an organization's daily
 * reply limit and monthly budget are saved through the card, and a budget used up shows the
 * warning; an entity below it points to the organization.
 */
describe('SMS settings card with the caps', () => {
  let s: ConsoleStack;
  let token: string;
  let orgId: number;
  let groupId: number;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    s = await startConsoleStack();
    token = await installAndSignIn(s.stack);
    const org = await createEntity(s.stack, token, {
      name: 'Solsiden',
      type: 'organization',
      parentId: await rootId(s.stack, token),
    });
    orgId = org.id;
    groupId = (await createEntity(s.stack, token, { name: 'Blokk A', type: 'group', parentId: org.id })).id;
  }, 240_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await s?.close();
  });

  async function open(path: string, language: 'no' | 'en'): Promise<Page> {
    const { page, context } = await s.newPage();
    contexts.push(context);
    const res = await s.stack.request('PUT', '/api/account', { token, body: { language } });
    token = res.body.token as string;
    await useToken(context, token, language);
    await page.goto(path);
    return page;
  }

  for (const lang of ['no', 'en'] as const) {
    it(`saves the caps and warns when the budget is used up (${lang})`, async () => {
      const t = TEXT[lang];
      const page = await open(`/entities/${orgId}/settings`, lang);
      await page.getByRole('heading', { name: t.title }).waitFor();
      const card = page.getByTestId('sms-settings');
      await card.getByLabel(t.daily).fill(lang === 'no' ? '3' : '4');
      await card.getByLabel(t.budget).fill('0');
      await card.getByRole('button', { name: t.save }).click();
      await card.getByText(t.saved).waitFor();
      const saved = await s.stack.request('GET', `/api/entities/${orgId}`, { token });
      expect(saved.body).toMatchObject({ smsDailyReplyLimit: lang === 'no' ? 3 : 4, smsMonthlyBudget: 0 });
      await card.getByText(t.usage).waitFor();
      await card.getByText(t.reached).waitFor();
      // The whole card in view, its title just below the sticky top bar.
      await page
        .getByRole('heading', { name: t.title })
        .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
      await screenshot(page, `sms-settings-${lang}`);
      // Back to a budget with room: the warning goes.
      await card.getByLabel(t.budget).fill('300');
      await card.getByRole('button', { name: t.save }).click();
      await card.getByText(t.reached).waitFor({ state: 'detached' });
    });
  }

  it('points from an entity below to its organization for the caps', async () => {
    const page = await open(`/entities/${groupId}/settings`, 'no');
    const card = page.getByTestId('sms-settings');
    await card.getByText(TEXT.no.onOrganization).waitFor();
    expect(await card.getByLabel(TEXT.no.daily).count()).toBe(0);
  });
});
