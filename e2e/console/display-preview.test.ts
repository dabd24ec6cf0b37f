import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildPlayer } from '../display/support/build-player';
import { type ConsoleStack, screenshot, startConsoleStack } from './support/console-stack';
import { createEntity, createMember, installAndSignIn, rootId, signIn, useToken } from './support/world';

/**
 * "Forhåndsvis skjerm" (issue 11 item 1, issue 14 item 6), in Chromium: an owner and a moderator
 * each see the display's own screen in a new tab, not the registration form, and no long-lived
 * secret is in any URL the browser sends or keeps.
 */
describe('display preview from the console', () => {
  let s: ConsoleStack;
  let displayEntityId: number;
  const tokens: Record<'owner' | 'moderator', string> = { owner: '', moderator: '' };
  let apiKey: string;

  beforeAll(async () => {
    buildPlayer();
    s = await startConsoleStack();
    const admin = await installAndSignIn(s.stack);
    const org = await createEntity(s.stack, admin, {
      name: 'Solsiden borettslag',
      type: 'organization',
      parentId: await rootId(s.stack, admin),
    });
    const group = await createEntity(s.stack, admin, { name: 'Blokk A', type: 'group', parentId: org.id });
    const display = await createEntity(s.stack, admin, {
      name: 'Inngang 1',
      type: 'display',
      parentId: group.id,
    });
    displayEntityId = display.id;
    apiKey = String(display.apiKey);
    const note = await s.stack.request('POST', `/api/content/${group.id}/note`, {
      token: admin,
      body: { text: 'Dugnad lørdag kl. 10', date: new Date().toISOString(), approved: true },
    });
    expect(note.status).toBe(201);
    const owner = await createMember(s.stack, admin, org.id, 'styreleder@example.no', 'owner');
    tokens.owner = await signIn(s.stack, 'styreleder@example.no', owner.password);
    const moderator = await createMember(s.stack, admin, group.id, 'vaktmester@example.no', 'moderator');
    tokens.moderator = await signIn(s.stack, 'vaktmester@example.no', moderator.password);
  });
  afterAll(() => s?.close());
  const opened: BrowserContext[] = [];
  afterEach(async () => {
    for (const c of opened.splice(0)) await c.close();
  });

  /** Clicks the preview button and returns the player's tab and every URL its loading requested. */
  async function preview(
    role: 'owner' | 'moderator',
  ): Promise<{ player: Page; requested: string[]; token: string }> {
    const { page, context } = await s.newPage();
    opened.push(context);
    await useToken(context, tokens[role]);
    const requested: string[] = [];
    context.on('request', (r) => requested.push(r.url()));
    await page.goto(`/entities/${displayEntityId}/general`);
    const answer = page.waitForResponse((r) =>
      r.url().endsWith(`/entities/${displayEntityId}/display-preview`),
    );
    const tab = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Forhåndsvis skjerm' }).click();
    const token = ((await (await answer).json()) as { token: string }).token;
    const player = await tab;
    return { player, requested, token };
  }

  for (const role of ['owner', 'moderator'] as const) {
    it(`shows the display's screen to an ${role}, with no secret in a URL or in storage`, async () => {
      const { player, requested, token } = await preview(role);
      await player.locator('[data-testid="note"]').getByText('Dugnad lørdag kl. 10').waitFor();
      expect(await player.getByRole('heading', { name: 'Registrer skjerm' }).count()).toBe(0);
      // The fragment is gone from the address bar; no request carried the token, the user's JWT or the key.
      expect(player.url()).toBe(`${s.url}/display/`);
      for (const url of requested) {
        expect(url).not.toContain(token);
        expect(url).not.toContain(tokens[role]);
        expect(url).not.toContain(apiKey);
        expect(url).not.toMatch(/[?&](token|apiKey)=/);
      }
      const stored = await player.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
      expect(stored).not.toContain(token);
      expect(stored).not.toContain('oppslag.display.session');
      await screenshot(player, `display-preview-${role}`);
    });
  }
});
