import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/screenshots';
import {
  buildPlayer,
  type DisplayWorld,
  launchChromium,
  postNote,
  screenOf,
  seedDisplayWorld,
  seedLiveData,
  startTestStack,
  type TestStack,
} from './support/display-stack';

// Issue 12 item 1: four sticky notes and ten regular ones, one of them longer than the whole board.
// Every one must be seen whole within one cycle of the board's pages, in both feature sets and
// both orientations. The page turns are stepped with Playwright's fake clock, not waited for.
const STICKY = [
  '<p><strong>Strømbrudd</strong> onsdag 08–10 ved bytte av hovedtavle.</p>',
  '<p><strong>Vannet stenges</strong> tirsdag 09–12 på grunn av rørarbeid i kjelleren.</p>',
  '<h2>Heisen er ute av drift</h2><p>Reservedeler er bestilt, ventet fredag.</p>',
  '<p>Røykvarslere testes torsdag kl. 10. Det vil pipe kort i alle leiligheter.</p>',
];
const LONG = `<h2>Referat fra årsmøtet</h2>${Array.from(
  { length: 6 },
  (_, i) =>
    `<p>Sak ${i + 1}: Styret la fram forslaget, og etter en god diskusjon ble det vedtatt med stort flertall. Ny frist for gjennomføring er satt til våren.</p>`,
).join('')}`;
const REGULAR = [
  '<h2>Julegrøt i fellesrommet</h2><p>Søndag 13. desember kl. 14. Alle er velkomne!</p>',
  '<p>Brøyting: flytt bilene fra gjesteparkeringen før kl. 07 ved snøvarsel.</p>',
  '<p>Garasjeportene får ny service mandag. Hold portene fri.</p>',
  '<p>Husk å rydde sykkelboden innen 1. desember. Umerkede sykler fjernes.</p>',
  '<p>Dugnad lørdag kl. 10 ved sandkassa. Ta med hansker!</p>',
  LONG,
  '<p>Nye søppeldunker for matavfall står ved porten.</p>',
  '<p>Vaskerommet er stengt mandag for maling.</p>',
  '<p>Hjertestarteren henger nå ved inngang B.</p>',
  '<p>SMS fra 912 34 567: Hvem eier den blå sykkelen i gangen?</p>',
];

interface Seen {
  whole: number[];
  windows: string[];
  notes: number;
  page: number;
  pages: number;
  ms: number;
}

/** What the board shows now: notes wholly inside it, and windows of tall notes. */
const look = (page: Page): Promise<Seen> =>
  page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[data-widget="notes"] [data-pages]')!;
    const box = list.getBoundingClientRect();
    const inside = (r: DOMRect) =>
      r.top >= box.top - 1 &&
      r.bottom <= box.bottom + 1 &&
      r.left >= box.left - 1 &&
      r.right <= box.right + 1;
    const whole: number[] = [];
    const windows: string[] = [];
    for (const el of list.querySelectorAll<HTMLElement>(':scope > [data-testid="note"]')) {
      if (inside(el.getBoundingClientRect())) whole.push(Number(el.dataset.noteId));
    }
    for (const el of list.querySelectorAll<HTMLElement>(':scope > [data-testid="note-window"]')) {
      if (inside(el.getBoundingClientRect())) windows.push(`${el.dataset.noteId}:${el.dataset.slice}`);
    }
    return {
      whole,
      windows,
      notes: list.querySelectorAll(':scope > [data-testid]').length,
      page: Number(list.dataset.page),
      pages: Number(list.dataset.pages),
      ms: Number(list.dataset.pageMs),
    };
  });

describe.each(['oppslag', 'styretavla'] as const)('note board pages, feature set %s', (featureSet) => {
  let stack: TestStack;
  let world: DisplayWorld;
  let browser: Browser;
  const ids: number[] = [];

  beforeAll(async () => {
    stack = await startTestStack({
      web: [{ prefix: '/display', dir: buildPlayer() }],
      worker: 'relay',
      env: { DEMO_DATA: 'false', FEATURE_SET: featureSet, SMS_NUMBER: '2077' },
    });
    world = await seedDisplayWorld(stack);
    await seedLiveData(stack, world);
    const icons = ['warning', 'information', 'build', 'alarm', 'group', 'parking', 'comment'];
    let i = 0;
    const start = Date.now() - 3600_000;
    for (const text of [
      ...STICKY.map((t) => ({ t, sticky: true })),
      ...REGULAR.map((t) => ({ t, sticky: false })),
    ]) {
      ids.push(
        await postNote(stack, world, {
          text: text.t,
          sticky: text.sticky,
          icon: icons[i % icons.length],
          iconColor: '#0b5cad',
          date: new Date(start + i++ * 60_000),
        }),
      );
    }
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  for (const orientation of [0, 1] as const) {
    const viewport = screenOf(orientation);
    it(`shows all 14 notes whole within one cycle at ${viewport.width}×${viewport.height}`, async () => {
      const put = await stack.request('PUT', `/api/entities/${world.displayEntityId}`, {
        token: world.superadmin.token,
        body: { orientation },
      });
      expect(put.status).toBe(200);
      const page = await browser.newPage({ viewport });
      try {
        await page.clock.install();
        await page.goto(`${stack.url}/display/#displayId=${world.displayId}&apiKey=${world.apiKey}`);
        await page.locator(`[data-orientation="${orientation ? 'vertical' : 'horizontal'}"]`).waitFor();
        await page.locator('[data-testid="note"]').first().waitFor();
        await page.evaluate(() => document.fonts.ready);
        // Let the board measure itself and settle on its pages.
        await page.clock.runFor(500);
        const first = await look(page);
        expect(first.pages).toBeGreaterThan(1);
        await saveScreenshot(page, `note-pages-${featureSet}-${orientation ? 'vertical' : 'horizontal'}.png`);

        const whole = new Set<number>();
        const windows = new Map<number, Set<string>>();
        let now = first;
        for (let step = 0; step < first.pages; step++) {
          expect(now.page).toBe(step);
          // Nothing on a page is cut by the board's edge.
          expect(now.whole.length + now.windows.length).toBe(now.notes);
          for (const id of now.whole) whole.add(id);
          for (const w of now.windows) {
            const [id, slice] = w.split(':');
            const set = windows.get(Number(id)) ?? new Set<string>();
            set.add(slice);
            windows.set(Number(id), set);
          }
          await page.clock.runFor(now.ms);
          now = await look(page);
        }
        // One cycle later the board is back at its first page.
        expect(now.page).toBe(0);
        for (const [, slices] of windows) {
          const count = Number([...slices][0].split('/')[1]);
          expect(slices.size).toBe(count);
        }
        const seen = new Set([...whole, ...windows.keys()]);
        expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      } finally {
        await page.close();
      }
    });
  }
});
