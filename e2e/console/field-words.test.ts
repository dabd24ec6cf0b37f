import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import { createEntity, installAndSignIn, rootId, useToken } from './support/world';

const TEXT = {
  no: {
    settings: 'Enhetsinnstillinger',
    save: 'Lagre',
    name: 'Navn',
    zip: 'Postnummer',
    codeWord: 'SMS-kodeord',
    enterName: 'Skriv inn et navn.',
    zipDigits: 'Postnummeret må være 4 sifre.',
    keepCodeWord: 'kan endres, men ikke fjernes',
    note: { open: 'Nytt oppslag', text: 'Tekst', publish: 'Publiser' },
    schedule: { repeat: 'Gjenta på ukedager', day: 'tir', to: 'Til', until: 'Til og med (valgfritt)' },
    noWeekday: 'Velg minst én ukedag.',
    endAfterStart: 'Slutt må være etter start.',
    untilPast: '«Til og med» kan ikke være en dag som har vært',
  },
  en: {
    settings: 'Entity settings',
    save: 'Save',
    name: 'Name',
    zip: 'Zip code',
    codeWord: 'SMS code word',
    enterName: 'Enter a name.',
    zipDigits: 'The postcode must be 4 digits.',
    keepCodeWord: 'can be changed but not removed',
    note: { open: 'New note', text: 'Note text', publish: 'Publish' },
    schedule: { repeat: 'Repeat on weekdays', day: 'Tue', to: 'To', until: 'Until (optional)' },
    noWeekday: 'Choose at least one weekday.',
    endAfterStart: 'The end must be after the start.',
    untilPast: '“Until” cannot be a day that has passed',
  },
} as const;
const PROFILE = {
  no: {
    email: 'E-post',
    current: 'Nåværende passord',
    save: 'Lagre',
    enterCurrent: 'Skriv inn passordet du bruker nå.',
    failed: 'Kunne ikke oppdatere profilinnstillingene.',
    wrongBlame: /ikke riktig|endre passordet/,
  },
  en: {
    email: 'Email',
    current: 'Current password',
    save: 'Save',
    enterCurrent: 'Enter the password you use now.',
    failed: 'Failed to update profile settings.',
    wrongBlame: /not (right|correct)|update your password/,
  },
} as const;
const VALIDATOR_WORDS =
  /\btype\b|format|tillatte verdier|allowed values|accepted values|Må være minst 1 tegn/i;
/** A field's label, with or without the required marker. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/**
 * Issue 31 items 5 and 6 in Chromium: what a board member reads when a field is emptied or wrong,
 * in Norwegian and English, on a laptop and a phone: the field's own words, never a validator's.
 */
describe('field messages in the user’s words', () => {
  let s: ConsoleStack;
  let token: string;
  let orgId: number;
  const opened: BrowserContext[] = [];
  beforeAll(async () => {
    s = await startConsoleStack();
    token = await installAndSignIn(s.stack);
    const org = await createEntity(s.stack, token, {
      name: 'Solbakken borettslag',
      type: 'organization',
      parentId: await rootId(s.stack, token),
    });
    orgId = org.id;
    const put = await s.stack.request('PUT', `/api/entities/${orgId}`, {
      token,
      body: { codeWord: 'solbakken' },
    });
    expect(put.status).toBe(200);
  }, 240_000);
  afterAll(() => s?.close());
  afterEach(async () => {
    for (const c of opened.splice(0)) await c.close();
  });

  async function open(path: string, language: 'no' | 'en', phone: boolean): Promise<Page> {
    const viewport = phone ? { width: 390, height: 844 } : { width: 1366, height: 860 };
    const { page, context } = await s.newPage({ viewport });
    opened.push(context);
    const res = await s.stack.request('PUT', '/api/account', { token, body: { language } });
    token = res.body.token as string;
    await useToken(context, token, language);
    await page.goto(path);
    return page;
  }

  /** The text the input labelled `label` is described by: its field message. */
  async function fieldMessage(scope: ReturnType<Page['locator']>, label: string): Promise<string> {
    const input = scope.getByLabel(labelled(label)).first();
    await expect.poll(() => input.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
    const id = await input.getAttribute('aria-describedby');
    return (await scope.page().locator(`[id="${id}"]`).first().textContent()) ?? '';
  }

  for (const [lang, phone] of [
    ['no', false],
    ['en', true],
  ] as const)
    it(`entity settings (${lang}, ${phone ? 'phone' : 'laptop'}): emptied name, postcode, code word`, async () => {
      const t = TEXT[lang];
      const page = await open(`/entities/${orgId}/settings`, lang, phone);
      const card = page
        .locator('section, form', { hasText: t.settings })
        .filter({ has: page.getByLabel(labelled(t.zip)) })
        .last();
      await card.getByLabel(labelled(t.name)).first().fill('');
      await card.getByLabel(labelled(t.zip)).fill('abcde');
      await card.getByRole('button', { name: t.save }).first().click();
      const name = await fieldMessage(card, t.name);
      expect(name).toBe(t.enterName);
      expect(await fieldMessage(card, t.zip)).toBe(t.zipDigits);
      await screenshot(page, `field-words-settings-${lang}-${phone ? 'phone' : 'laptop'}`);
      // The superadmin empties the organization's code word: refused, saying why.
      // The superadmin empties the organization's code word (the SMS card): refused, saying why.
      const sms = page
        .locator('section, form')
        .filter({ has: page.getByLabel(labelled(t.codeWord)) })
        .last();
      await sms.getByLabel(labelled(t.codeWord)).fill('');
      await sms.getByRole('button', { name: t.save }).first().click();
      const code = await fieldMessage(sms, t.codeWord);
      expect(code).toContain(t.keepCodeWord);
      expect(`${name} ${code}`).not.toMatch(VALIDATOR_WORDS);
    });

  for (const [lang, phone] of [
    ['no', true],
    ['en', false],
  ] as const)
    it(`note schedule (${lang}, ${phone ? 'phone' : 'laptop'}): no weekday, a backwards window, a past "until"`, async () => {
      const t = TEXT[lang];
      const page = await open(`/entities/${orgId}/notes`, lang, phone);
      await page.getByRole('button', { name: t.note.open }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: t.note.text }).click();
      await page.keyboard.type('Lesesalen er åpen');
      await dialog.getByLabel(labelled(t.schedule.repeat)).check();
      await dialog.getByRole('button', { name: t.note.publish }).click();
      const schedule = dialog.getByTestId('schedule-fields');
      await expect.poll(() => schedule.textContent(), { timeout: 10_000 }).toContain(t.noWeekday);
      expect(await schedule.textContent()).not.toMatch(VALIDATOR_WORDS);
      await screenshot(page, `field-words-schedule-${lang}-${phone ? 'phone' : 'laptop'}`);
      await schedule
        .getByRole('checkbox', { name: t.schedule.day })
        .or(schedule.getByRole('button', { name: t.schedule.day }))
        .first()
        .click();
      await dialog.getByLabel(labelled(t.schedule.to)).fill('08:00');
      await dialog.getByRole('button', { name: t.note.publish }).click();
      expect(await fieldMessage(dialog, t.schedule.to)).toContain(t.endAfterStart);
      await dialog.getByLabel(labelled(t.schedule.to)).fill('16:00');
      await dialog.getByLabel(labelled(t.schedule.until)).fill('2020-01-07');
      await dialog.getByRole('button', { name: t.note.publish }).click();
      expect(await fieldMessage(dialog, t.schedule.until)).toContain(t.untilPast);
    });

  for (const [lang, phone] of [
    ['no', false],
    ['en', true],
  ] as const)
    it(`profile (${lang}, ${phone ? 'phone' : 'laptop'}): a new e-mail without the password asks for it (item 9)`, async () => {
      const t = PROFILE[lang];
      const page = await open('/settings/profile', lang, phone);
      const form = page.getByTestId('profile-form');
      await form.getByLabel(labelled(t.email)).fill('ny-adresse@example.no');
      await form.getByRole('button', { name: t.save }).click();
      expect(await fieldMessage(form, t.current)).toBe(t.enterCurrent);
      // The form's line does not call an empty password wrong, nor speak of a password change.
      await expect.poll(() => form.textContent(), { timeout: 10_000 }).toContain(t.failed);
      expect(await form.textContent()).not.toMatch(t.wrongBlame);
      await screenshot(page, `field-words-profile-${lang}-${phone ? 'phone' : 'laptop'}`);
    });

  it('auto-approve numbers (no): the same number twice and a past expiry are refused, saying why (item 7)', async () => {
    const page = await open(`/entities/${orgId}/members`, 'no', false);
    // The SMS column is explained: at most 2, JA/NEI, only to a confirmed number (item 3).
    const help = page.getByTestId('sms-notifications-help');
    expect(await help.textContent()).toMatch(/høyst 2 medlemmer.*JA for å publisere.*NEI.*bekreftet/);
    const add = async (number: string, expiry?: string) => {
      await page.getByRole('button', { name: 'Legg til nummer' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(labelled('Telefonnummer (Norge)')).fill(number);
      if (expiry) await dialog.getByLabel(labelled('Utløpsdato')).fill(expiry);
      await dialog.getByRole('button', { name: 'Lagre' }).click();
      return dialog;
    };
    const first = await add('912 34 567');
    await first.waitFor({ state: 'hidden' });
    const twin = await add('+47 91234567');
    expect(await fieldMessage(twin, 'Telefonnummer (Norge)')).toBe('Nummeret står allerede på listen.');
    await screenshot(page, 'field-words-auto-approve-nb-laptop');
    await twin.getByLabel(labelled('Telefonnummer (Norge)')).fill('912 34 568');
    await twin.getByLabel(labelled('Utløpsdato')).fill('2020-01-07');
    await twin.getByRole('button', { name: 'Lagre' }).click();
    expect(await fieldMessage(twin, 'Utløpsdato')).toBe('Utløpsdatoen kan ikke være en dag som har vært.');
  });

  it('"Ny enhet" of type Organisasjon goes under the root, not inside the organization viewed (item 7)', async () => {
    const page = await open('/entities', 'no', false);
    await page.getByRole('button', { name: 'Legg til under Solbakken borettslag' }).first().click();
    const dialog = page.getByRole('dialog');
    const parent = dialog.getByLabel(labelled('Forelder'));
    expect(await parent.inputValue()).toBe(String(orgId));
    await dialog.getByLabel(labelled('Type')).selectOption('organization');
    await expect.poll(() => parent.inputValue()).toBe(String(await rootId(s.stack, token)));
  });
});
