// Bench: the console. (1) Its initial JavaScript, gzipped, from a fresh production build (target
// ≤ 250 KB; routes are code-split with React.lazy, so only the shell loads up front). (2) The cold
// load of an entity tab (issue 11 item 14, about 1.1 s before): a signed-in browser with an empty
// cache opens /entities/{id}/{tab} on the real stack, timed from navigation start to the tab's data
// on screen, in Chromium.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startTestStack } from '@oppslag/stack/testing';
import { INITIAL_JS_BUDGET_BYTES, initialJs } from '../console/scripts/bundle-size';
import { createEntity, createMember, installAndSignIn, rootId } from '../e2e/console/support/world';
import { launchChromium } from '../e2e/support/chromium';
import type { BenchOutcome } from './lib/bench';

export const description = 'console: initial JS gzipped (code-split routes); entity-tab cold load';

const RUNS = Number(process.env.BENCH_CONSOLE_RUNS ?? 9);

export async function run(): Promise<BenchOutcome> {
  const consoleDir = join(import.meta.dirname, '..', 'console');
  execFileSync(join(import.meta.dirname, '..', 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: consoleDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const dist = join(consoleDir, 'dist');
  const report = initialJs(dist);
  for (const f of report.files)
    console.log(`  ${f.file.padEnd(44)} ${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KB gz`);
  const kb = report.gzipBytes / 1024;
  const jsLine = `  console initial JS: ${kb.toFixed(1)} KB gzipped (target ≤ ${INITIAL_JS_BUDGET_BYTES / 1024} KB)`;
  console.log(jsLine);
  const tabs = await tabColdLoads(dist);
  return { ok: report.gzipBytes <= INITIAL_JS_BUDGET_BYTES, summary: [jsLine, ...tabs].join('\n') };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Cold loads of three entity tabs; returns one summary line per tab. */
export async function tabColdLoads(dist: string): Promise<string[]> {
  const stack = await startTestStack({
    web: [{ prefix: '', dir: dist }],
    env: { DEMO_DATA: 'false' },
    worker: 'relay',
  });
  const browser = await launchChromium();
  try {
    const admin = await installAndSignIn(stack);
    const org = await createEntity(stack, admin, {
      name: 'Solsiden borettslag',
      type: 'organization',
      parentId: await rootId(stack, admin),
    });
    const group = await createEntity(stack, admin, {
      name: 'Blokk A',
      type: 'group',
      parentId: org.id,
      codeWord: 'benchcw',
    });
    for (let i = 1; i <= 3; i++)
      await createEntity(stack, admin, { name: `Inngang ${i}`, type: 'display', parentId: group.id });
    for (let i = 1; i <= 20; i++)
      await stack.request('POST', `/api/content/${group.id}/note`, {
        token: admin,
        body: { text: `<p>Oppslag nummer ${i}</p>`, date: new Date().toISOString(), approved: true },
      });
    for (let i = 1; i <= 3; i++)
      await createMember(stack, admin, group.id, `medlem${i}@example.no`, 'moderator');

    // What shows that the tab's own data arrived (not just the frame around it).
    const cases = [
      { tab: 'general', text: 'benchcw' },
      { tab: 'notes', text: 'Oppslag nummer 20' },
      { tab: 'members', text: 'medlem3@example.no' },
    ];
    const lines: string[] = [];
    console.log(
      `  entity-tab cold load, ${RUNS} runs each (empty cache, signed in; load average ${(await import('node:os')).loadavg()[0].toFixed(2)}):`,
    );
    for (const c of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({
          baseURL: stack.url,
          viewport: { width: 1366, height: 768 },
          locale: 'nb-NO',
        });
        // The token a signed-in browser keeps, and an observer that notes when the text shows up
        // (performance.now() counts from navigation start).
        await context.addInitScript(
          ([token, text]) => {
            localStorage.setItem('token', token);
            const w = window as unknown as { __visibleAt?: number };
            new MutationObserver((_m, observer) => {
              if (document.body?.textContent?.includes(text)) {
                w.__visibleAt = performance.now();
                observer.disconnect();
              }
            }).observe(document, { childList: true, subtree: true, characterData: true });
          },
          [admin, c.text],
        );
        const page = await context.newPage();
        await page.goto(`/entities/${group.id}/${c.tab}`);
        await page.waitForFunction(() => (window as unknown as { __visibleAt?: number }).__visibleAt, null, {
          timeout: 30_000,
        });
        times.push(await page.evaluate(() => (window as unknown as { __visibleAt: number }).__visibleAt));
        await context.close();
      }
      const line = `  /entities/{id}/${c.tab}: median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)} (before: about 1,100 ms)`;
      console.log(line);
      lines.push(line);
    }
    return lines;
  } finally {
    await browser.close().catch(() => undefined);
    await stack.close();
  }
}
