import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, startConsoleStack } from './support/console-stack';
import {
  createEntity,
  createMember,
  type EntityRow,
  installAndSignIn,
  rootId,
  signIn,
  useToken,
} from './support/world';

/** Two browsers on the same data: what one changes, the other shows without reloading. */
describe('console live updates', () => {
  let s: ConsoleStack;
  let adminToken: string;
  let boardToken: string;
  let org: EntityRow;
  let display: EntityRow;

  beforeAll(async () => {
    s = await startConsoleStack();
    adminToken = await installAndSignIn(s.stack);
    org = await createEntity(s.stack, adminToken, {
      name: 'Solsiden borettslag',
      type: 'organization',
      parentId: await rootId(s.stack, adminToken),
    });
    display = await createEntity(s.stack, adminToken, {
      name: 'Inngang 1',
      type: 'display',
      parentId: org.id,
    });
    const board = await createMember(s.stack, adminToken, org.id, 'styret@example.no', 'administrator');
    boardToken = await signIn(s.stack, 'styret@example.no', board.password);
  });
  afterAll(() => s?.close());

  it("shows another browser's new entity, rename and member without reloading", async () => {
    const a = await s.newPage();
    const b = await s.newPage({ viewport: { width: 390, height: 844 } });
    await useToken(a.context, adminToken);
    await useToken(b.context, boardToken);
    await b.page.goto('/entities');
    await b.page.getByRole('link', { name: 'Inngang 1' }).first().waitFor();
    // Mark B's document: if it were reloaded the mark would be gone.
    await b.page.evaluate(() => {
      (window as unknown as { mark: number }).mark = 42;
    });

    // A creates a group through the UI.
    await a.page.goto('/entities');
    await a.page.getByRole('button', { name: 'Legg til under Solsiden borettslag' }).click();
    await a.page.getByRole('dialog').getByLabel('Navn').fill('Blokk B');
    await a.page.getByRole('dialog').getByRole('button', { name: 'Opprett' }).click();
    await b.page.locator('main').getByRole('link', { name: 'Blokk B' }).waitFor({ timeout: 10_000 });

    // A renames it in the settings; B, looking at it, sees the new name.
    const created = (await s.stack.request('GET', '/api/entities', { token: adminToken })).body.find(
      (e: EntityRow) => e.name === 'Blokk B',
    ) as EntityRow;
    await b.page.locator('main').getByRole('link', { name: 'Blokk B' }).first().click();
    await b.page.getByRole('heading', { name: 'Blokk B' }).waitFor();
    await a.page.goto(`/entities/${created.id}/settings`);
    const card = a.page.getByTestId('entity-settings');
    await card.getByLabel('Navn').fill('Blokk B (nord)');
    await card.getByRole('button', { name: 'Lagre' }).click();
    await card.getByText('Enhetsinnstillingene er oppdatert.').waitFor();
    await b.page.getByRole('heading', { name: 'Blokk B (nord)' }).waitFor({ timeout: 10_000 });

    // A adds a member; B's members tab shows the row.
    await b.page.getByRole('link', { name: 'Medlemmer' }).click();
    await b.page.getByTestId('members-table').waitFor();
    await a.page.goto(`/entities/${created.id}/members`);
    await a.page.getByRole('button', { name: 'Legg til medlem' }).click();
    await a.page.getByRole('dialog').getByLabel('E-post').fill('vaktmester@example.no');
    await a.page.getByRole('dialog').getByRole('button', { name: 'Legg til', exact: true }).click();
    await b.page.getByTestId('members-table').getByText('vaktmester@example.no').waitFor({ timeout: 10_000 });

    expect(await b.page.evaluate(() => (window as unknown as { mark: number }).mark)).toBe(42);
  });

  it('shows a display going online and offline in the superadmin table', async () => {
    const a = await s.newPage();
    await useToken(a.context, adminToken);
    await a.page.goto('/admin/displays');
    const status = a.page.getByTestId(`status-${display.id}`);
    await a.page.getByTestId('displays-table').waitFor();
    expect(await status.textContent()).toBe('');

    const registered = await s.stack.request('POST', '/api/display/register', {
      body: { displayId: display.displayId, apiKey: display.apiKey },
    });
    expect(registered.status).toBe(200);
    const screen = await s.stack.connect(registered.body.token);
    await status.getByText('Tilkoblet').waitFor({ timeout: 10_000 });
    screen.close();
    await status.getByText('Frakoblet').waitFor({ timeout: 10_000 });
  });
});
