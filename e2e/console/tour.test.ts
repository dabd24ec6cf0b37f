import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import { ADMIN } from './support/world';

/** A new customer's first session, driven through the UI only. */
describe('console tour', () => {
  let s: ConsoleStack;
  beforeAll(async () => {
    s = await startConsoleStack();
  });
  afterAll(() => s?.close());

  it('installs, signs in, builds a hierarchy, adds a member, switches language and logs out', async () => {
    const { page } = await s.newPage();

    // Not installed: every route leads to the install screen.
    await page.goto('/entities');
    await page.waitForURL('**/install');
    await page.getByLabel('Admin-e-post').fill(ADMIN.email);
    await page.getByLabel('Admin-passord').fill(ADMIN.password);
    await page.getByLabel('Rotorganisasjon').fill('Solsiden borettslag');
    await screenshot(page, 'install');
    await page.getByRole('button', { name: 'Installer' }).click();

    // The installer is signed in, lands on the organization they named, and is told it worked.
    await page.waitForURL(/\/entities\/\d+\/general$/);
    await page
      .getByRole('status')
      .filter({ hasText: 'Oppslag er installert, og du er logget inn som superadmin.' })
      .waitFor();
    await page.getByRole('heading', { name: 'Solsiden borettslag' }).first().waitFor();
    await screenshot(page, 'installed');
    await page.getByRole('link', { name: 'Enheter', exact: true }).first().click();
    await page.waitForURL('**/entities');
    const tree = page.locator('main');
    await tree.getByRole('link', { name: 'Solsiden borettslag' }).first().waitFor();
    // The organization is the admin's context, and the tree shows it under the system root.
    expect(await page.getByTestId('context-switcher').locator('option:checked').textContent()).toBe(
      'Solsiden borettslag',
    );

    // A second organization through the new-entity dialog, with the message for a short name first.
    await page.getByRole('button', { name: 'Ny enhet' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Navn').fill('ab');
    await dialog.getByRole('button', { name: 'Opprett' }).click();
    await dialog.getByText('Navnet på enheten må være minst 3 tegn langt').waitFor();
    await dialog.getByLabel('Navn').fill('Solsiden sameie');
    await dialog.getByLabel('Type').selectOption('organization');
    await dialog.getByLabel('Forelder').selectOption({ label: 'Oppslag (System)' });
    await dialog.getByRole('button', { name: 'Opprett' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Confirmed, and the new organization becomes the context so the tree shows it.
    await page.getByRole('status').filter({ hasText: '«Solsiden sameie» er opprettet.' }).waitFor();
    await tree.getByRole('link', { name: 'Solsiden sameie' }).first().waitFor();
    expect(await page.getByTestId('context-switcher').locator('option:checked').textContent()).toBe(
      'Solsiden sameie',
    );
    await page.getByTestId('context-switcher').selectOption({ label: 'Solsiden borettslag' });
    await tree.getByRole('link', { name: 'Solsiden borettslag' }).first().waitFor();

    // A group under it through its add-child button; the empty group says so.
    await page.getByRole('button', { name: 'Legg til under Solsiden borettslag' }).click();
    await dialog.getByLabel('Navn').fill('Blokk A');
    await dialog.getByRole('button', { name: 'Opprett' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Vis innholdet i Blokk A' }).click();
    await tree.getByText('Gruppen er tom').waitFor();

    // A display in the group.
    await page.getByRole('button', { name: 'Legg til under Blokk A' }).click();
    await dialog.getByLabel('Navn').fill('Inngang 1');
    await dialog.getByLabel('Type').selectOption('display');
    await dialog.getByRole('button', { name: 'Opprett' }).click();
    await dialog.waitFor({ state: 'detached' });
    await tree.getByRole('link', { name: 'Inngang 1' }).first().waitFor();
    expect(await tree.getByText('Gruppen er tom').count()).toBe(0);
    await screenshot(page, 'entities');

    // A member on the group.
    await tree.getByRole('link', { name: 'Blokk A' }).first().click();
    await page.getByRole('link', { name: 'Medlemmer' }).click();
    await page.getByRole('heading', { name: 'Medlemmer av Blokk A' }).waitFor();
    await page.getByRole('button', { name: 'Legg til medlem' }).click();
    await dialog.getByLabel('E-post').fill('styreleder@example.no');
    await dialog.getByLabel('Rolle').selectOption('administrator');
    await dialog.getByRole('button', { name: 'Legg til', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const members = page.getByTestId('members-table');
    await members.getByText('styreleder@example.no').waitFor();
    expect(await members.textContent()).toContain('Administrator');
    // The superadmin's own membership is inherited from nowhere: the list holds the new member.
    await screenshot(page, 'members');

    // Language: the interface switches at once and stays English after a reload.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Innstillinger' }).click();
    await page.getByRole('link', { name: 'Språk' }).click();
    await page.getByLabel('Språk').selectOption('en');
    await page.getByRole('button', { name: 'Lagre' }).click();
    await page.getByRole('heading', { name: 'Language', exact: true }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'Your language settings have been successfully updated!' })
      .waitFor();
    await screenshot(page, 'settings-language');
    await page.reload();
    await page.getByRole('link', { name: 'Entities', exact: true }).first().waitFor();

    // Log out from the user menu.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Logged out' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'logout');

    // Signing in again (in Norwegian, as a board member's browser would): a wrong password first
    // gets the spec's message.
    await page.evaluate(() => localStorage.setItem('locale', 'no'));
    await page.goto('/auth/login');
    await page.getByLabel('E-post').fill(ADMIN.email);
    await page.getByLabel('Passord').fill('not the password');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Kombinasjonen av e-post og passord er ukjent. Prøv igjen.' })
      .waitFor();
    await page.getByLabel('Passord').fill(ADMIN.password);
    await screenshot(page, 'login');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await page.waitForURL('**/entities');
  });
});
