import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import { createEntity, type EntityRow, installAndSignIn, rootId, useToken } from './support/world';

/** The note board: write, publish, draft and approve, inherit, delete; live in a second browser. */
describe('console notes', () => {
  let s: ConsoleStack;
  let token: string;
  let org: EntityRow;
  let group: EntityRow;

  beforeAll(async () => {
    s = await startConsoleStack();
    token = await installAndSignIn(s.stack);
    org = await createEntity(s.stack, token, {
      name: 'Solsiden borettslag',
      type: 'organization',
      parentId: await rootId(s.stack, token),
    });
    group = await createEntity(s.stack, token, { name: 'Blokk A', type: 'group', parentId: org.id });
    const inherited = await s.stack.request('POST', `/api/content/${org.id}/note`, {
      token,
      body: {
        text: '<p>Dugnad for hele borettslaget</p>',
        date: new Date().toISOString(),
        approved: true,
        sticky: true,
      },
    });
    expect(inherited.status).toBe(201);
  });
  afterAll(() => s?.close());

  it('writes, publishes, drafts, approves and deletes notes, seen live elsewhere', async () => {
    const a = await s.newPage();
    const b = await s.newPage({ viewport: { width: 390, height: 844 } });
    await useToken(a.context, token);
    await useToken(b.context, token);
    await b.page.goto(`/entities/${group.id}/notes`);
    await b.page.getByText('Dugnad for hele borettslaget').waitFor();

    await a.page.goto(`/entities/${group.id}/notes`);
    const list = a.page.getByTestId('notes-list');
    // The organization's note is inherited: a link to its board, no menu.
    const inheritedNote = list.locator('li', { hasText: 'Dugnad for hele borettslaget' });
    await inheritedNote.getByRole('link', { name: 'Solsiden borettslag' }).waitFor();
    expect(await inheritedNote.getByText('Festet').count()).toBe(1);
    expect(await inheritedNote.getByRole('button', { name: 'Handlinger for oppslaget' }).count()).toBe(0);

    // A new published note with bold text and the warning icon.
    await a.page.getByRole('button', { name: 'Nytt oppslag' }).click();
    const dialog = a.page.getByRole('dialog');
    await dialog.getByTestId('save-state').getByText('Tomt oppslag').waitFor();
    const editor = dialog.getByRole('textbox', { name: 'Tekst' });
    await editor.click();
    await dialog.getByRole('button', { name: 'Fet' }).click();
    await a.page.keyboard.type('Vannet stenges');
    await dialog.getByRole('button', { name: 'Fet' }).click();
    await a.page.keyboard.type(' tirsdag kl. 10–12. ');
    // Emoji from the toolbar (spec §2), inserted at the caret.
    await dialog.getByRole('button', { name: 'Sett inn emoji' }).click();
    await dialog.getByRole('button', { name: '💧' }).click();
    await dialog.getByTestId('save-state').getByText('Nytt, ulagret oppslag').waitFor();
    await dialog.getByText('Advarsel').locator('..').click();
    await screenshot(a.page, 'note-dialog');
    await dialog.getByRole('button', { name: 'Publiser' }).click();
    await dialog.waitFor({ state: 'detached' });
    const published = list.locator('li', { hasText: 'Vannet stenges' });
    await published.getByText('Publisert').waitFor();
    expect(await published.locator('strong').textContent()).toBe('Vannet stenges');
    expect(await published.textContent()).toContain('tirsdag kl. 10–12. 💧');
    // The other browser shows it without reloading.
    await b.page.getByTestId('notes-list').getByText('Vannet stenges').waitFor({ timeout: 10_000 });

    // A draft, then approved from its list item.
    await a.page.getByRole('button', { name: 'Nytt oppslag' }).click();
    await dialog.getByRole('textbox', { name: 'Tekst' }).click();
    await a.page.keyboard.type('Utkast om sykkelbod');
    await dialog.getByRole('button', { name: 'Lagre som utkast' }).click();
    await dialog.waitFor({ state: 'detached' });
    const draft = list.locator('li', { hasText: 'Utkast om sykkelbod' });
    await draft.getByText('Ikke publisert').waitFor();
    await draft.getByRole('checkbox').click();
    await draft.getByText('Publisert').waitFor();
    await screenshot(a.page, 'notes');

    // Delete, confirmed.
    await draft.getByRole('button', { name: 'Handlinger for oppslaget' }).click();
    await a.page.getByRole('menuitem', { name: 'Slett' }).click();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Slett' }).click();
    await draft.waitFor({ state: 'detached' });
    await b.page
      .getByTestId('notes-list')
      .getByText('Utkast om sykkelbod')
      .waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('keeps the auto-approve numbers of an entity: add, edit, delete', async () => {
    const { page, context } = await s.newPage();
    await useToken(context, token);
    await page.goto(`/entities/${group.id}/members`);
    await page.getByText('Ingen nummer ennå.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Legg til nummer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Telefonnummer/).fill('123');
    await dialog.getByLabel('Beskrivelse').fill('Styreleder');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    // An invalid number is refused with the server's field message; a valid one is stored.
    await dialog.locator('[aria-invalid="true"]').waitFor();
    await dialog.getByLabel(/Telefonnummer/).fill('912 34 567');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByTestId('auto-approve-table');
    await table.getByText('+47 912 34 567').waitFor();
    await table.getByRole('button', { name: 'Rediger +47 912 34 567' }).click();
    await dialog.getByLabel('Beskrivelse').fill('Styreleder Kari');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await table.getByText('Styreleder Kari').waitFor();
    await screenshot(page, 'auto-approve');
    await table.getByRole('button', { name: 'Slett +47 912 34 567' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Slett' }).click();
    await page.getByText('Ingen nummer ennå.', { exact: false }).waitFor();
  });
});
