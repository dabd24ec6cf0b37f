import { type EnturFake, startEnturFake } from '@oppslag/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import {
  createEntity,
  createMember,
  type EntityRow,
  installAndSignIn,
  rootId,
  signIn,
  useToken,
} from './support/world';

/** The transit stop selector of the settings tab against the fake Entur geocoder. */
describe('console transit stops', () => {
  let entur: EnturFake;
  let s: ConsoleStack;
  let token: string;
  let display: EntityRow;
  let org: EntityRow;

  beforeAll(async () => {
    entur = await startEnturFake();
    s = await startConsoleStack({ ENTUR_GEOCODER_URL: entur.geocoderUrl });
    token = await installAndSignIn(s.stack);
    org = await createEntity(s.stack, token, {
      name: 'Solsiden borettslag',
      type: 'organization',
      parentId: await rootId(s.stack, token),
    });
    display = await createEntity(s.stack, token, { name: 'Inngang A', type: 'display', parentId: org.id });
  });
  afterAll(async () => {
    await s?.close();
    await entur?.close();
  });

  it('searches with the keyboard, adds and removes a stop, and reports failures', async () => {
    const { context, page } = await s.newPage();
    await useToken(context, token);
    await page.goto(`/entities/${display.id}/settings`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Holdeplasser' }) });
    await card.getByText('Ingen holdeplasser ennå', { exact: false }).waitFor();

    await card.getByRole('button', { name: 'Legg til holdeplass' }).click();
    const dialog = page.getByTestId('transit-dialog');
    const box = dialog.getByRole('combobox', { name: 'Søk etter holdeplass' });
    // One character does not search.
    await box.fill('J');
    await page.waitForTimeout(400);
    expect(await dialog.getByRole('option').count()).toBe(0);

    await box.fill('Jernbane');
    await dialog.getByRole('option', { name: /Jernbanetorget/ }).waitFor();
    await box.press('ArrowDown');
    expect(await dialog.getByRole('option', { selected: true }).textContent()).toContain('Jernbanetorget');
    await screenshot(page, 'transit');
    await box.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // The stop by its name; its register id is no line of its own (issue 31 item 10), only a tooltip.
    await card.getByTitle('NSR:StopPlace:58366').waitFor();
    expect(await card.getByText('NSR:StopPlace:58366').count()).toBe(0);
    const stored = await s.stack.request('GET', `/api/entities/${display.id}/transit-stops`, { token });
    expect((stored.body as { stopId: string }[]).map((x) => x.stopId)).toEqual(['NSR:StopPlace:58366']);

    // No hits names the query; a failed search says so; Escape closes.
    await card.getByRole('button', { name: 'Legg til holdeplass' }).click();
    await box.fill('Xyzzy');
    await dialog.getByText('Fant ingen holdeplasser for «Xyzzy».').waitFor();
    entur.failNext('geocoder', 500, 5);
    await box.fill('Kolsås');
    await dialog.getByText('Søket feilet.').waitFor();
    await box.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Fjern Jernbanetorget' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Fjern' }).click();
    await card.getByText('Ingen holdeplasser ennå', { exact: false }).waitFor();
  });

  it('lists the organization’s stops on a display, marked where they come from and read-only there', async () => {
    // Issue 31 item 8: the display's owner saw "Ingen holdeplasser ennå" while the screen showed the
    // organization's departures.
    const member = await createMember(s.stack, token, display.id, 'skjermeier@example.no', 'owner');
    const ownerToken = await signIn(s.stack, 'skjermeier@example.no', member.password);
    const add = (entityId: number, stopId: string, label: string) =>
      s.stack.request('POST', `/api/entities/${entityId}/transit-stops`, { token, body: { stopId, label } });
    expect((await add(org.id, 'NSR:StopPlace:337', 'Oslo S')).status).toBe(201);
    expect((await add(display.id, 'NSR:StopPlace:58366', 'Jernbanetorget')).status).toBe(201);

    const { context, page } = await s.newPage();
    await useToken(context, ownerToken);
    await page.goto(`/entities/${display.id}/settings`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Holdeplasser' }) });
    const rows = card.getByTestId('transit-stops').getByRole('listitem');
    await rows.nth(1).waitFor();
    expect(await rows.allInnerTexts()).toEqual(['Jernbanetorget', 'Oslo S\nfra Solsiden borettslag']);
    expect(await card.getByText('Ingen holdeplasser ennå', { exact: false }).count()).toBe(0);
    // The own stop can be removed here; the inherited one only on the organization.
    expect(await card.getByRole('button', { name: 'Fjern Jernbanetorget' }).count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Fjern Oslo S' }).count()).toBe(0);
  });
});
