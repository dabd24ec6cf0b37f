import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import { createEntity, type EntityRow, installAndSignIn, rootId, settle, useToken } from './support/world';

const DEVICES = { laptop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const TEXT = {
  no: {
    newNote: 'Nytt oppslag',
    repeat: 'Gjenta på ukedager',
    tue: 'tir',
    summary: 'Gjentas tirsdager 08:00–15:00',
    history: 'Historikk',
    memberAdded: 'Medlem lagt til',
    role: 'RolleModerator',
    settingsChanged: 'Innstillinger endret',
    street: 'Gateadresse– → Storgata 1',
  },
  en: {
    newNote: 'New note',
    repeat: 'Repeat on weekdays',
    tue: 'Tue',
    summary: 'Repeats Tuesdays 08:00–15:00',
    history: 'History',
    memberAdded: 'Member added',
    role: 'RoleModerator',
    settingsChanged: 'Settings changed',
    street: 'Street address– → Storgata 1',
  },
} as const;

/** Issue 17 in the console: the History tab and the schedule controls, nb and en, laptop and phone. */
describe('console history and schedules', () => {
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
    const note = await s.stack.request('POST', `/api/content/${group.id}/note`, {
      token,
      headers: { 'x-oppslag-client': 'console' },
      body: {
        text: '<p>Biblioteket er åpent</p>',
        date: new Date().toISOString(),
        approved: true,
        schedule: { weekdays: [2], from: '08:00', to: '15:00' },
      },
    });
    expect(note.status).toBe(201);
    await s.stack.request('PUT', `/api/content/${group.id}/note/${note.body.id}`, {
      token,
      headers: { 'x-oppslag-client': 'console' },
      body: { text: '<p>Biblioteket er åpent hver tirsdag</p>', sticky: true },
    });
    await s.stack.request('PUT', `/api/entities/${org.id}`, {
      token,
      headers: { 'x-oppslag-client': 'console' },
      body: { name: 'Solsiden borettslag BRL' },
    });
    await s.stack.request('PUT', `/api/entities/${org.id}`, {
      token,
      headers: { 'x-oppslag-client': 'console' },
      body: { street: 'Storgata 1' },
    });
    const member = await s.stack.request('POST', `/api/entities/${org.id}/members`, {
      token,
      headers: { 'x-oppslag-client': 'console' },
      body: [{ email: 'styremedlem@example.no', role: 'moderator' }],
    });
    expect(member.status).toBe(201);
  });
  afterAll(() => s?.close());

  for (const lang of ['no', 'en'] as const) {
    for (const [device, viewport] of Object.entries(DEVICES)) {
      it(`shows the history tab and the schedule controls (${lang}, ${device})`, async () => {
        const { context, page } = await s.newPage({ viewport });
        // A signed-in console speaks the user's own language (profile), so set that first.
        const res = await s.stack.request('PUT', '/api/account', { token, body: { language: lang } });
        token = res.body.token as string;
        await useToken(context, token, lang);
        const tx = TEXT[lang];

        await page.goto(`/entities/${org.id}/history`);
        await page.getByTestId('history-list').waitFor();
        // The group's note changes show in the organization's history, with the settings change.
        expect(await page.getByTestId('history-entry').count()).toBeGreaterThanOrEqual(3);
        await page.getByRole('heading', { name: tx.history }).waitFor();
        // Values and fields in the user's words: the role by its name, an address change not empty
        // (issue 31 item 10: "Rolle: moderator" and a bare "Innstillinger endret").
        const entries = page.getByTestId('history-entry');
        const added = entries.filter({ hasText: tx.memberAdded });
        expect(await added.locator('dl').textContent()).toBe(tx.role);
        const street = entries.filter({ hasText: tx.settingsChanged }).filter({ hasText: 'Storgata 1' });
        expect(await street.locator('dl').textContent()).toBe(tx.street);
        await settle(page);
        await screenshot(page, `history-${lang}-${device}`);

        await page.goto(`/entities/${group.id}/notes`);
        await page.getByTestId('note-schedule').getByText(tx.summary).waitFor();
        await page.getByRole('button', { name: tx.newNote }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(tx.repeat).click();
        await dialog.getByRole('button', { name: tx.tue, exact: true }).click();
        await dialog.getByTestId('schedule-summary').getByText(tx.summary).waitFor();
        await dialog.getByTestId('schedule-fields').scrollIntoViewIfNeeded();
        await screenshot(page, `schedule-${lang}-${device}`);
        await context.close();
      });
    }
  }
});
