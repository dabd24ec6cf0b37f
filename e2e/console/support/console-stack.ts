import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestStack, type TestStack } from '@oppslag/stack/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildConsole, root } from '../../support/build-web-app';
import { launchChromium } from '../../support/chromium';
import { saveScreenshot } from '../../support/screenshots';

export const consoleDir = join(root, 'console');

/** Builds the console unless dist is newer than every source file (each e2e file calls this). */
export { buildConsole };

export interface ConsoleStack {
  stack: TestStack;
  url: string;
  browser: Browser;
  /** A fresh browser context (own localStorage) at a laptop size unless told otherwise. */
  newPage(opts?: {
    viewport?: { width: number; height: number };
    locale?: string;
  }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * The real stack for browser tests: API, worker and realtime gateway on a fresh database (starting
 * uninstalled), the built console at `/` and the player at `/display` on the same origin, and
 * Debian's Chromium driven by playwright-core.
 */
export async function startConsoleStack(
  env: Record<string, string> = {},
  opts: { worker?: true | 'relay' } = {},
): Promise<ConsoleStack> {
  const consoleDist = buildConsole();
  const web = [{ prefix: '', dir: consoleDist }];
  const displayDist = join(root, 'display/dist');
  if (existsSync(join(displayDist, 'index.html'))) web.unshift({ prefix: '/display', dir: displayDist });
  // The platform screens need only the outbox relay (events to the gateway), not the processors.
  const stack = await startTestStack({
    web,
    env: { DEMO_DATA: 'false', ...env },
    worker: opts.worker ?? 'relay',
  });
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    stack,
    url: stack.url,
    browser,
    async newPage(opts = {}) {
      const context = await browser.newContext({
        baseURL: stack.url,
        viewport: opts.viewport ?? { width: 1366, height: 860 },
        locale: opts.locale ?? 'nb-NO',
        timezoneId: 'Europe/Oslo',
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { context, page };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await stack.close();
    },
  };
}

/** Writes `console-<name>.png` for the README (see `e2e/support/screenshots.ts` for where). */
export function screenshot(page: Page, name: string): Promise<void> {
  return saveScreenshot(page, `console-${name}.png`);
}
