import { smsOutbound } from '@oppslag/api/testing';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import { installAndSignIn, useToken } from './support/world';

const TEXT = {
  no: {
    unverified: /ikke bekreftet ennå/,
    code: 'Kode fra SMS-en',
    confirm: 'Bekreft nummeret',
    done: 'Telefonnummeret er bekreftet.',
  },
  en: {
    unverified: /not confirmed yet/,
    code: 'Code from the SMS',
    confirm: 'Confirm number',
    done: 'Phone number confirmed.',
  },
} as const;

/**
 * Verified phone numbers in the profile (issue 28 item 5), in both languages: a saved number is
 * "not confirmed", the code sent to it by SMS (read from the outbound row, as the phone gets it)
 * typed into the profile confirms it.
 */
describe('the profile asks for the SMS code of a new phone number', () => {
  let s: ConsoleStack;
  let token: string;
  beforeAll(async () => {
    s = await startConsoleStack();
    token = await installAndSignIn(s.stack);
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  async function open(language: 'no' | 'en', phoneNumber: string): Promise<Page> {
    const res = await s.stack.request('PUT', '/api/account', { token, body: { language, phoneNumber } });
    expect(res.body.user.phoneVerified).toBe(false);
    token = res.body.token as string;
    const { page, context } = await s.newPage();
    await useToken(context, token, language);
    await page.goto('/settings/profile');
    return page;
  }

  const lastCode = async () => {
    const rows = await s.stack.deps.database.db
      .select()
      .from(smsOutbound)
      .where(eq(smsOutbound.kind, 'phone_verification'))
      .orderBy(smsOutbound.id);
    return /\b(\d{6})\b/.exec(rows.at(-1)?.text ?? '')?.[1] ?? '';
  };

  for (const [lang, phone] of [
    ['no', '+47 912 34 567'],
    ['en', '+47 912 34 568'],
  ] as const) {
    it(`shows the number unconfirmed and confirms it with the code (${lang})`, async () => {
      const t = TEXT[lang];
      const page = await open(lang, phone);
      const box = page.getByTestId('phone-confirm');
      await box.getByText(t.unverified).waitFor();
      await screenshot(page, `phone-confirm-${lang}`);
      await box.getByLabel(t.code).fill(await lastCode());
      await box.getByRole('button', { name: t.confirm }).click();
      await page.getByTestId('phone-verified').getByText(t.done).waitFor();
      const me = await s.stack.request('GET', '/api/account', { token });
      expect(me.body.phoneVerified).toBe(true);
    });
  }
});
