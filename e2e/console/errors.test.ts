import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, startConsoleStack } from './support/console-stack';
import { createEntity, installAndSignIn, rootId, useToken } from './support/world';

/** Screenshots for a person to look at go to /tmp (set ERRORS_SHOTS=1), never into the work tree. */
const shot = (page: Page, name: string) =>
  process.env.ERRORS_SHOTS ? page.screenshot({ path: `/tmp/errors-${name}.png` }) : Promise.resolve();

const TEXT = {
  no: {
    install: {
      email: 'Admin-e-post',
      password: 'Admin-passord',
      root: 'Rotorganisasjon',
      submit: 'Installer',
    },
    tooShort8: 'Må være minst 8 tegn.',
    reset: { password: 'Nytt passord', submit: 'Tilbakestill', badLink: 'mer enn 4 timer' },
    note: { open: 'Nytt oppslag', text: 'Tekst', start: 'Startdato', publish: 'Publiser' },
    inPast: 'Start kan ikke være før i dag.',
  },
  en: {
    install: {
      email: 'Admin e-mail',
      password: 'Admin password',
      root: 'Root organization',
      submit: 'Install',
    },
    tooShort8: 'Has to be at least 8 characters long.',
    reset: { password: 'New password', submit: 'Reset', badLink: 'more than 4 hours' },
    note: { open: 'New note', text: 'Note text', start: 'Start date', publish: 'Publish' },
    inPast: 'Start cannot be before today.',
  },
} as const;
const LANGUAGES = ['no', 'en'] as const;
/** A field's label, with or without the required marker. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/**
 * The server's reasons in the browser: next to the field they concern (the input's
 * aria-describedby points at them), in the user's language (issue 11 item 3).
 */
describe('server reasons next to their fields', () => {
  let s: ConsoleStack;
  let token: string;
  let groupId: number;
  const opened: BrowserContext[] = [];
  beforeAll(async () => {
    s = await startConsoleStack();
  });
  afterAll(() => s?.close());
  afterEach(async () => {
    for (const c of opened.splice(0)) await c.close();
  });

  async function open(path: string, language: 'no' | 'en', signedIn = false): Promise<Page> {
    const { page, context } = await s.newPage();
    opened.push(context);
    if (signedIn) {
      // A signed-in console speaks the user's own language (profile), so set that first.
      const res = await s.stack.request('PUT', '/api/account', { token, body: { language } });
      token = res.body.token as string;
      await useToken(context, token, language);
    } else await context.addInitScript((l) => localStorage.setItem('locale', l), language);
    await page.goto(path);
    return page;
  }

  /** The text the input labelled `label` is described by: its field message. */
  async function fieldMessage(scope: Page | ReturnType<Page['getByRole']>, label: string): Promise<string> {
    const input = scope.getByLabel(labelled(label));
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    const id = await input.getAttribute('aria-describedby');
    const page = 'page' in scope ? scope.page() : scope;
    return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
  }

  for (const lang of LANGUAGES) {
    it(`install (${lang}): a short password is told under the password field`, async () => {
      const t = TEXT[lang];
      const page = await open('/install', lang);
      await page.getByLabel(labelled(t.install.email)).fill('admin@example.no');
      await page.getByLabel(labelled(t.install.password)).fill('kort1');
      await page.getByLabel(labelled(t.install.root)).fill('Oppslag drift');
      await page.getByRole('button', { name: t.install.submit }).click();
      // The API's install schema checks it in the browser first, in the words the server uses.
      expect(await fieldMessage(page, t.install.password)).toBe(t.tooShort8);
      await shot(page, `install-${lang}`);
    });
  }

  it('(installs through the API for the rest)', async () => {
    token = await installAndSignIn(s.stack);
    const root = await rootId(s.stack, token);
    const org = await createEntity(s.stack, token, {
      name: 'Solsiden',
      type: 'organization',
      parentId: root,
    });
    groupId = (await createEntity(s.stack, token, { name: 'Blokk A', type: 'group', parentId: org.id })).id;
  });

  for (const lang of LANGUAGES) {
    it(`reset confirm (${lang}): a 5-character password is a field message, not the bad-link page`, async () => {
      const t = TEXT[lang];
      const page = await open(`/auth/reset-password/${'x'.repeat(43)}`, lang);
      await page.getByLabel(labelled(t.reset.password)).fill('12345');
      await page.getByRole('button', { name: t.reset.submit }).click();
      expect(await fieldMessage(page, t.reset.password)).toBe(t.tooShort8);
      expect(await page.getByText(t.reset.badLink).count()).toBe(0);
      await shot(page, `reset-${lang}`);
      // A long enough password with this unknown token is the bad link after all.
      await page.getByLabel(labelled(t.reset.password)).fill('a long enough password');
      await page.getByRole('button', { name: t.reset.submit }).click();
      await page.getByText(t.reset.badLink).waitFor();
    });
  }

  for (const lang of LANGUAGES) {
    it(`note dialog (${lang}): a start before today is told at the start date`, async () => {
      const t = TEXT[lang];
      const page = await open(`/entities/${groupId}/notes`, lang, true);
      await page.getByRole('button', { name: t.note.open }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: t.note.text }).click();
      await page.keyboard.type('Dugnad på lørdag');
      await dialog.getByLabel(labelled(t.note.start)).fill('2020-01-06');
      await dialog.getByRole('button', { name: t.note.publish }).click();
      expect(await fieldMessage(dialog, t.note.start)).toBe(t.inPast);
      await shot(page, `note-${lang}`);
    });
  }
});
