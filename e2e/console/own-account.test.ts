import type { BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import {
  ADMIN,
  createEntity,
  createMember,
  installAndSignIn,
  rootId,
  signIn,
  useToken,
} from './support/world';

/**
 * One's own account changes in Chromium keep the session (issue 11 item 2; issue 14 bug seen):
 * the API ends every older session and answers a fresh token, which the console must take, so
 * the next action works, the live updates keep coming and "Økten er utløpt" never shows.
 */
describe('own account changes keep working', () => {
  let s: ConsoleStack;
  let admin: string;
  let groupId: number;
  let moderator: { token: string; password: string };
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    s = await startConsoleStack();
    admin = await installAndSignIn(s.stack);
    const org = await createEntity(s.stack, admin, {
      name: 'Solsiden borettslag',
      type: 'organization',
      parentId: await rootId(s.stack, admin),
    });
    groupId = (await createEntity(s.stack, admin, { name: 'Blokk A', type: 'group', parentId: org.id })).id;
    const member = await createMember(s.stack, admin, groupId, 'vaktmester@example.no', 'moderator');
    moderator = {
      password: member.password,
      token: await signIn(s.stack, 'vaktmester@example.no', member.password),
    };
  });
  afterAll(() => s?.close());
  afterEach(async () => {
    for (const c of opened.splice(0)) await c.close();
  });

  const note = (text: string) =>
    s.stack.request('POST', `/api/content/${groupId}/note`, {
      token: admin,
      body: { text, date: new Date().toISOString(), approved: true },
    });

  it('a moderator changes their password, then keeps working with live updates', async () => {
    const { page, context } = await s.newPage();
    opened.push(context);
    await useToken(context, moderator.token);
    await page.goto('/settings/password');
    await page.getByLabel('Nåværende passord').fill(moderator.password);
    await page.getByLabel(/^Nytt passord/).fill('en helt ny frase 2026');
    await page.getByLabel('Bekreft nytt passord').fill('en helt ny frase 2026');
    await page.getByRole('button', { name: 'Bytt passord' }).click();
    await page.getByText('Passordet ditt er oppdatert!').waitFor();
    // The old token is dead on the server; the console holds the new one.
    expect((await s.stack.request('GET', '/api/entities', { token: moderator.token })).status).toBe(401);
    const held = await page.evaluate(() => localStorage.getItem('token'));
    expect(held).not.toBe(moderator.token);
    expect((await s.stack.request('GET', '/api/entities', { token: String(held) })).status).toBe(200);
    // Keep working inside the app: open the group's notes and see a note arrive live.
    await page.getByRole('link', { name: 'Enheter', exact: true }).first().click();
    await page.getByRole('link', { name: 'Blokk A', exact: true }).first().click();
    // The notes tab (the app bar's logo is called "Oppslag" too).
    await page.locator(`main a[href="/entities/${groupId}/notes"]`).first().click();
    await page.waitForURL(`**/entities/${groupId}/notes`);
    expect((await note('Strømmen går kl. 12')).status).toBe(201);
    await page.getByText('Strømmen går kl. 12').waitFor();
    expect(await page.getByText('Økten er utløpt').count()).toBe(0);
    await screenshot(page, 'password-changed-keeps-working');
  });

  it('the superadmin changes their own e-mail on the user details page and stays signed in', async () => {
    const { page, context } = await s.newPage();
    opened.push(context);
    await useToken(context, admin);
    const me = (
      (await s.stack.request('GET', '/api/users', { token: admin })).body as { id: number; email: string }[]
    ).find((u) => u.email === ADMIN.email);
    await page.goto(`/admin/users/${me?.id}`);
    const form = page.getByTestId('user-form');
    await form.getByLabel('E-post').fill('drift@example.no');
    await form.getByLabel('Nåværende passord').fill('not the password');
    await form.getByRole('button', { name: 'Lagre' }).click();
    await form.getByText('Kunne ikke oppdatere bruker', { exact: false }).waitFor();
    await form.getByLabel('Nåværende passord').fill(ADMIN.password);
    await form.getByRole('button', { name: 'Lagre' }).click();
    await form.getByText('Brukeropplysningene er oppdatert.').waitFor();
    const users = await s.stack.request('GET', '/api/users', {
      token: String(await page.evaluate(() => localStorage.getItem('token'))),
    });
    expect(users.status).toBe(200);
    expect((users.body as { id: number; email: string }[]).find((u) => u.id === me?.id)?.email).toBe(
      'drift@example.no',
    );
    // Keep working: the users list loads in the app with the fresh token.
    await page.getByRole('link', { name: 'Brukere' }).first().click();
    await page.getByRole('link', { name: 'drift@example.no' }).waitFor();
    expect(await page.getByText('Økten er utløpt').count()).toBe(0);
    await screenshot(page, 'admin-own-email-changed');
  });
});
