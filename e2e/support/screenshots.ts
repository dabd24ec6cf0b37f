import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { root } from './build-web-app';

/**
 * Where browser tests write their screenshots. An ordinary run writes to `.data/screenshots/`
 * (ignored by git), so `npm test` leaves the tree clean; `UPDATE_SCREENSHOTS=1` writes the
 * committed README pictures in `docs/screenshots/` instead.
 */
export function screenshotDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(root, env.UPDATE_SCREENSHOTS === '1' ? 'docs/screenshots' : '.data/screenshots');
}

/** Saves the page as `<dir>/<file>` (file name with `.png`), creating the directory. */
export async function saveScreenshot(page: Page, file: string): Promise<void> {
  const dir = screenshotDir();
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, file), fullPage: false });
}
