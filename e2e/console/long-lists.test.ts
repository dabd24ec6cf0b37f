import { entities } from '@oppslag/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, startConsoleStack } from './support/console-stack';
import { createEntity, createMember, installAndSignIn, rootId, signIn, useToken } from './support/world';

/** Screenshots for a person to look at go to /tmp (set LONG_LISTS_SHOTS=1), never into the work tree. */
const shot = (page: Page, name: string) =>
  process.env.LONG_LISTS_SHOTS === '1'
    ? page.screenshot({ path: `/tmp/long-lists-${name}.png` })
    : Promise.resolve(undefined);

const COUNT = 10_000;
const name = (i: number) => `Skjerm ${String(i).padStart(5, '0')}`;
const PHONE = { width: 390, height: 844 };

/**
 * An organization with 10,000 screens: the entity tree and the superadmin's displays table render
 * a window of rows, not all of them, and stay usable: the last row is reached by scrolling, Tab
 * walks on past the rows first rendered, and assistive technology is told the real size.
 */
describe('console long lists (10,000 displays)', () => {
  let s: ConsoleStack;
  let adminToken: string;
  let ownerToken: string;
  let moderatorToken: string;
  let orgId: number;

  beforeAll(async () => {
    s = await startConsoleStack();
    adminToken = await installAndSignIn(s.stack);
    const org = await createEntity(s.stack, adminToken, {
      name: 'Storbyen borettslag',
      type: 'organization',
      parentId: await rootId(s.stack, adminToken),
    });
    orgId = org.id;
    const db = s.stack.deps.database.db;
    for (let from = 1; from <= COUNT; from += 1000)
      await db.insert(entities).values(
        Array.from({ length: 1000 }, (_, i) => ({
          name: name(from + i),
          type: 'display' as const,
          parentId: org.id,
          apiKey: `long-list-key-${from + i}`,
        })),
      );
    const owner = await createMember(s.stack, adminToken, org.id, 'eier@example.no', 'owner');
    ownerToken = await signIn(s.stack, 'eier@example.no', owner.password);
    const moderator = await createMember(s.stack, adminToken, org.id, 'moderator@example.no', 'moderator');
    moderatorToken = await signIn(s.stack, 'moderator@example.no', moderator.password);
  });
  afterAll(() => s?.close());

  it('the entity tree shows a window of the 10,000, reaches the last by scrolling and Tab walks on', async () => {
    const { context, page } = await s.newPage();
    await useToken(context, ownerToken);
    const asked = Date.now();
    await s.stack.request('GET', '/api/entities', { token: ownerToken });
    console.log(`  GET /api/entities (${COUNT} entities) alone: ${Date.now() - asked} ms`);
    const started = Date.now();
    await page.goto('/entities');
    const tree = page.getByTestId('entity-tree');
    await tree.getByRole('link', { name: name(1), exact: true }).waitFor();
    console.log(`  entity tree of ${COUNT} children: first row after ${Date.now() - started} ms`);
    await shot(page, 'tree-owner-laptop');

    // The drawer, on every page, lists the first 50 screens and links to the whole list.
    const drawer = page.getByRole('navigation', { name: 'Enheter' });
    await drawer.getByRole('link', { name: `Vis alle ${COUNT}` }).waitFor();
    expect(await drawer.getByRole('link').count()).toBeLessThanOrEqual(53);

    const rendered = await tree.locator('li').count();
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(200);
    // The size of the list is told, not just what is rendered.
    expect(await tree.locator('li[data-entity-id]').nth(1).getAttribute('aria-setsize')).toBe(String(COUNT));

    // Tab from the first screen's link walks on, row by row, past the rows first rendered.
    await tree.getByRole('link', { name: name(1), exact: true }).focus();
    for (let i = 0; i < 60; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(name(61));

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await tree.getByRole('link', { name: name(COUNT), exact: true }).waitFor();
    expect(await tree.locator('li').count()).toBeLessThan(200);
    await shot(page, 'tree-owner-laptop-end');
  });

  it('on a phone, a moderator sees the same tree, one row per screen', async () => {
    const { context, page } = await s.newPage({ viewport: PHONE });
    await useToken(context, moderatorToken);
    await page.goto('/entities');
    const tree = page.getByTestId('entity-tree');
    await tree.getByRole('link', { name: name(1), exact: true }).waitFor();
    expect(await tree.locator('li').count()).toBeLessThan(200);
    await shot(page, 'tree-moderator-phone');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await tree.getByRole('link', { name: name(COUNT), exact: true }).waitFor();
    // Nothing sits off-screen to the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('the superadmin displays table renders a window of 10,000 rows and selects all of them', async () => {
    const { context, page } = await s.newPage();
    await useToken(context, adminToken);
    const started = Date.now();
    await page.goto('/admin/displays');
    const table = page.getByTestId('displays-table');
    await table.getByRole('link', { name: name(1), exact: true }).waitFor();
    console.log(`  displays table of ${COUNT} rows: first row after ${Date.now() - started} ms`);
    // The installation's master display is a row too: the table holds every display the API lists.
    const listed = (await s.stack.request('GET', '/api/admin/displays', { token: adminToken })).body.length;
    expect(listed).toBeGreaterThanOrEqual(COUNT);
    expect(await table.getAttribute('aria-rowcount')).toBe(String(listed + 1));
    expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(200);
    await shot(page, 'displays-admin-laptop');

    await page.getByLabel('Velg alle').check();
    await page.getByRole('button', { name: `Oppdater valgte (${listed})` }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await table.getByRole('link', { name: name(COUNT), exact: true }).waitFor();
    expect(await table.getByLabel(`Velg ${name(COUNT)}`).isChecked()).toBe(true);
  });

  it('the displays table on a phone: stacked rows of any height, the last one reached', async () => {
    const { context, page } = await s.newPage({ viewport: PHONE });
    await useToken(context, adminToken);
    await page.goto('/admin/displays');
    const table = page.getByTestId('displays-table');
    await table.getByRole('link', { name: name(1), exact: true }).waitFor();
    expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(200);
    await shot(page, 'displays-admin-phone');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await table.getByRole('link', { name: name(COUNT), exact: true }).waitFor();
    await shot(page, 'displays-admin-phone-end');
  });

  it('owner on a laptop and moderator on a phone: the members and notes tabs load from the cache', async () => {
    const owner = await s.newPage();
    await useToken(owner.context, ownerToken);
    await owner.page.goto(`/entities/${orgId}/members`);
    const members = owner.page.getByTestId('members-table');
    await members.getByText('moderator@example.no').waitFor();
    expect(await members.textContent()).toContain('eier@example.no');
    await shot(owner.page, 'members-owner-laptop');

    const moderator = await s.newPage({ viewport: PHONE });
    await useToken(moderator.context, moderatorToken);
    await moderator.page.goto(`/entities/${orgId}/notes`);
    await moderator.page.getByText('Ingen oppslag ennå', { exact: false }).waitFor();
    await shot(moderator.page, 'notes-moderator-phone');
    // The members tab on the phone: the same query, stacked rows.
    await moderator.page.goto(`/entities/${orgId}/members`);
    await moderator.page.getByTestId('members-table').getByText('eier@example.no').waitFor();
    await shot(moderator.page, 'members-moderator-phone');
  });
});
