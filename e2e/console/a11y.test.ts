import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import {
  createEntity,
  createMember,
  type EntityRow,
  installAndSignIn,
  rootId,
  useToken,
} from './support/world';

/** axe-core on the main screens, laptop and phone size: no serious or critical violations. */
describe('console accessibility', () => {
  let s: ConsoleStack;
  let token: string;
  let group: EntityRow;
  let display: EntityRow;

  beforeAll(async () => {
    s = await startConsoleStack();
    token = await installAndSignIn(s.stack);
    const org = await createEntity(s.stack, token, {
      name: 'Solsiden borettslag',
      type: 'organization',
      parentId: await rootId(s.stack, token),
    });
    group = await createEntity(s.stack, token, { name: 'Blokk A', type: 'group', parentId: org.id });
    display = await createEntity(s.stack, token, { name: 'Inngang 1', type: 'display', parentId: group.id });
    await createMember(s.stack, token, group.id, 'vaktmester@example.no', 'moderator');
  });
  afterAll(() => s?.close());

  const signedIn = [
    ['entities', '/entities', 'Enheter'],
    ['entity-general', () => `/entities/${display.id}/general`, 'Skjermregistrering'],
    ['entity-settings', () => `/entities/${group.id}/settings`, 'Enhetsinnstillinger'],
    ['entity-members', () => `/entities/${group.id}/members`, 'Medlemmer av Blokk A'],
    ['entity-notes', () => `/entities/${group.id}/notes`, 'Oppslagstavle'],
    ['entity-services', () => `/entities/${group.id}/services`, 'Tjenester'],
    ['settings', '/settings/password', 'Bytt passord'],
    ['admin-displays', '/admin/displays', 'Skjermer'],
    ['admin-users', '/admin/users', 'Brukere'],
  ] as const;

  /**
   * Phone: every control and status in the page's tables lies inside the screen's width (a sideways
   * scrolled table hid approve, SMS and delete off-screen), and the active tab is in view.
   */
  async function everyControlOnScreen(page: Page, name: string, width: number) {
    const outside = await page.evaluate((w) => {
      const cells = document.querySelectorAll('main table input, main table button, main table td');
      const active = document.querySelector('main nav a[aria-current="page"]');
      return [...cells, ...(active ? [active] : [])]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.left < 0 || r.right > w + 1);
        })
        .map((el) => el.outerHTML.slice(0, 120));
    }, width);
    expect(outside, name).toEqual([]);
  }

  async function check(page: Page, name: string) {
    const violations = await seriousViolations(page);
    expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
  }

  it('sign-in screens', async () => {
    const { page } = await s.newPage();
    for (const path of ['/auth/login', '/auth/reset-password', '/auth/logout', '/no/such/page']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await check(page, path);
    }
  });

  for (const [label, viewport] of [
    ['laptop', { width: 1366, height: 860 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`signed-in screens on a ${label}`, async () => {
      const { page, context } = await s.newPage({ viewport });
      await useToken(context, token);
      for (const [name, path, heading] of signedIn) {
        await page.goto(typeof path === 'function' ? path() : path);
        await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await check(page, `${name} (${label})`);
        if (label === 'phone' && (name === 'entities' || name === 'entity-members'))
          await screenshot(page, `phone-${name}`);
        if (label === 'phone') await everyControlOnScreen(page, `${name} (${label})`, viewport.width);
      }
      // The drawer and the user menu opened on top of a page.
      await page.goto('/entities');
      await page.getByRole('heading', { name: 'Enheter', exact: true }).waitFor();
      if (label === 'phone') {
        await page.getByRole('button', { name: 'Vis enheter' }).click();
        await check(page, 'drawer (phone)');
        await screenshot(page, 'phone-drawer');
        await page.keyboard.press('Escape');
        await page.goto('/entities');
      }
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem').first().waitFor();
      await check(page, `user menu (${label})`);
    });
  }
});
