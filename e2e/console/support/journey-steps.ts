import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';

// What a person does or reads in the console, by visible label: the steps of the role journeys
// (journeys.test.ts). Nothing here knows the stack; the test passes the page.

export const LAPTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

/** The note board's labels in each language. */
export const NB = {
  newNote: 'Nytt oppslag',
  text: 'Tekst',
  emoji: 'Sett inn emoji',
  publish: 'Publiser',
  viaSms: 'via SMS',
  notPublished: 'Ikke publisert',
  published: 'Publisert',
  approve: 'Godkjent',
  menu: 'Handlinger for oppslaget',
  delete: 'Slett',
  deleted: 'Slettet.',
};
export const EN: typeof NB = {
  newNote: 'New note',
  text: 'Note text',
  emoji: 'Insert emoji',
  publish: 'Publish',
  viaSms: 'via SMS',
  notPublished: 'Not published',
  published: 'Published',
  approve: 'Approved',
  menu: 'Note actions',
  delete: 'Delete',
  deleted: 'Deleted.',
};

/** A snackbar or status line with this text appears (spec §9: snackbars 2 s, form results 5 s). */
export const confirmed = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first().waitFor();

/** The message the input is described by (aria-describedby): the reason next to the field. */
export async function fieldMessage(input: Locator): Promise<string> {
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const ids = String(await input.getAttribute('aria-describedby')).split(' ');
  const texts = await Promise.all(ids.map((id) => input.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

/** The element lies inside the viewport's width (nothing to scroll sideways to find it). */
export async function inView(page: Page, el: Locator): Promise<void> {
  await el.waitFor();
  const box = await el.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'visible').not.toBeNull();
  expect(box!.x, 'left edge on screen').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'right edge on screen').toBeLessThanOrEqual(width + 1);
}

/** Settings → Password through the user menu; then the session must go on (issue 11 item 2). */
export async function changePassword(page: Page, current: string, next: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Innstillinger' }).click();
  await page.getByRole('link', { name: 'Passord' }).click();
  await page.getByLabel('Nåværende passord').fill(current);
  await page.getByLabel(/^Nytt passord/).fill(next);
  await page.getByLabel('Bekreft nytt passord').fill(next);
  await page.getByRole('button', { name: 'Bytt passord' }).click();
  await page.getByText('Passordet ditt er oppdatert!').waitFor();
}

/** The session never timed out, in either language. */
export async function stillSignedIn(page: Page): Promise<void> {
  expect(await page.getByText(/Økten er utløpt|Session timed out/).count()).toBe(0);
}

/** Settings → Language → English; the interface switches at once. */
export async function toEnglish(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Innstillinger' }).click();
  await page.getByRole('link', { name: 'Språk' }).click();
  await page.getByLabel('Språk').selectOption('en');
  await page.getByRole('button', { name: 'Lagre' }).click();
  await confirmed(page, 'Your language settings have been successfully updated!');
}

/** Goes to a tab of an entity by the side navigation (the strip on a phone). */
export async function tab(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: /Deler av enheten|Entity sections/ })
    .getByRole('link', { name, exact: true })
    .click();
}

/** Opens an entity from the tree on /entities. */
export async function openEntity(page: Page, name: string): Promise<void> {
  await page
    .getByRole('link', { name: /^(Enheter|Entities)$/ })
    .first()
    .click();
  await page.waitForURL('**/entities');
  await page.locator('main').getByRole('link', { name, exact: true }).first().click();
  await page.getByRole('heading', { name, exact: true }).waitFor();
}

/** The pending SMS note arrives live on the board; the role approves it from the list. */
export async function approveSmsNote(page: Page, text: string, labels = NB): Promise<void> {
  const note = page.getByTestId('notes-list').locator('li', { hasText: text });
  await note.waitFor({ timeout: 20_000 });
  await note.getByText(labels.viaSms).waitFor();
  await note.getByText(labels.notPublished).waitFor();
  await note.getByRole('checkbox', { name: labels.approve }).click();
  await note.getByText(labels.published, { exact: true }).waitFor();
}

/** A new note through the dialog, with an emoji from the toolbar (issue 11 item 7). */
export async function writeNote(page: Page, text: string, labels = NB): Promise<void> {
  await page.getByRole('button', { name: labels.newNote }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: labels.text }).click();
  await page.keyboard.type(`${text} `);
  await dialog.getByRole('button', { name: labels.emoji }).click();
  await dialog.getByRole('button', { name: '🎉' }).click();
  await dialog.getByRole('button', { name: labels.publish }).click();
  await dialog.waitFor({ state: 'detached' });
  const item = page.getByTestId('notes-list').locator('li', { hasText: text });
  expect(await item.textContent()).toContain(`${text} 🎉`);
}

/** Deletes a note through its menu, confirmed, and is told so. */
export async function deleteNote(page: Page, text: string, labels = NB): Promise<void> {
  const note = page.getByTestId('notes-list').locator('li', { hasText: text });
  await note.getByRole('button', { name: labels.menu }).click();
  await page.getByRole('menuitem', { name: labels.delete }).click();
  await page.getByRole('dialog').getByRole('button', { name: labels.delete }).click();
  await confirmed(page, labels.deleted);
  await note.waitFor({ state: 'detached' });
}

/** Uploads a PNG as a new banner in the open banner editor and publishes it. */
export async function uploadBanner(page: Page, colour: { r: number; g: number; b: number }): Promise<void> {
  const png = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: colour } })
    .png()
    .toBuffer();
  await page.getByRole('button', { name: 'Nytt banner' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Last opp et bilde eller dokument')
    .setInputFiles({ name: 'oppslag.png', mimeType: 'image/png', buffer: png });
  // Uploaded: the file's name and the crop controls are there (content-banners.test.ts checks the picture).
  await dialog.getByText('oppslag.png').waitFor({ timeout: 15_000 });
  await dialog.getByRole('slider').waitFor();
  await dialog.getByRole('button', { name: 'Publiser' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Phone, English: a deep link to a late tab shows that tab in the strip (issue 11 item 13). */
export async function phoneTabStrip(page: Page, entityId: number, path: string, name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.goto(`/entities/${entityId}/${path}`);
  const strip = page.getByRole('navigation', { name: 'Entity sections' });
  const active = strip.getByRole('link', { name, exact: true });
  expect(await active.getAttribute('aria-current')).toBe('page');
  await inView(page, active);
}

/** 404 inside the signed-in app: in the frame, with the way back (issue 11 item 12), in English. */
export async function notFoundInFrame(page: Page): Promise<void> {
  await page.goto('/entities/no-such-tab/at-all');
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  await page.getByTestId('user-menu').waitFor();
  expect(await page.getByRole('link', { name: 'Go to login' }).count()).toBe(0);
  await page.getByRole('link', { name: 'Go to entities' }).click();
  await page.getByRole('heading', { name: 'Entities', exact: true }).waitFor();
}
