import { installNotice } from '@oppslag/api/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, startConsoleStack } from './support/console-stack';

/** A field's label, with or without the required marker. */
const labelled = (label: string) => new RegExp(`^${label}( \\*)?$`);

const TEXT = {
  no: {
    email: 'Admin-e-post',
    password: 'Admin-passord',
    root: 'Rotorganisasjon',
    token: 'Installasjonsnøkkel',
    submit: 'Installer',
    refused: 'krever installasjonsnøkkelen',
  },
  en: {
    email: 'Admin e-mail',
    password: 'Admin password',
    root: 'Root organization',
    token: 'Install token',
    submit: 'Install',
    refused: 'needs the install token',
  },
} as const;

/**
 * The install page from another machine (issue 26 item 5): the browser reaches the server through
 * a proxy on the server's machine that forwards a remote client (X-Forwarded-For), so the API
 * asks for the install token start-up printed; the page has a field for it, in both languages.
 */
describe('install page from another machine', () => {
  let s: ConsoleStack;
  beforeAll(async () => {
    s = await startConsoleStack();
  });
  afterAll(() => s?.close());

  async function openInstall(lang: 'no' | 'en') {
    const { page, context } = await s.newPage();
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.9' });
    await context.addInitScript((l) => localStorage.setItem('locale', l), lang);
    await page.goto('/install');
    const t = TEXT[lang];
    await page.getByLabel(labelled(t.email)).fill('drift@example.no');
    await page.getByLabel(labelled(t.password)).fill('et langt passord');
    await page.getByLabel(labelled(t.root)).fill('Solsiden borettslag');
    return { page, context, t };
  }

  it('(en) is refused without the token, with the reason in the form', async () => {
    const { page, context, t } = await openInstall('en');
    await page.getByRole('button', { name: t.submit }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(t.refused);
    expect(await page.getByLabel(labelled(t.token)).getAttribute('aria-invalid')).toBe('true');
    expect((await s.stack.request('GET', '/api/status')).body.status).toBe('uninstalled');
    await context.close();
  });

  it('(no) installs with the token printed at start', async () => {
    const { page, t } = await openInstall('no');
    const line = (await installNotice(s.stack.deps)).find((l) => l.includes('install token')) ?? '';
    await page.getByLabel(labelled(t.token)).fill(line.split(': ').at(-1) ?? '');
    await page.getByRole('button', { name: t.submit }).click();
    await page.waitForURL(/\/entities\/\d+/);
    expect((await s.stack.request('GET', '/api/status')).body.status).toBe('online');
  });
});
