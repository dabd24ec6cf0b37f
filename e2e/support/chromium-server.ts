import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildConsole, buildPlayer } from './build-web-app';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

/**
 * Global setup of the `e2e` project, run once before its files (which run several at a time):
 * - builds the console and the player unless their dist is newer than the sources (`npm test` has
 *   just built them, so then this only compares dates). Files call the same builders, but they
 *   find fresh builds; without this, two files starting at once could both build one app;
 * - starts one Chromium for the run instead of one per file. Files connect to it through
 *   `launchChromium()`; they share the browser process only, each works in browser contexts of its
 *   own (own storage, cookies, service workers), so files cannot see each other's pages.
 */
export default async function setup(project: TestProject) {
  buildConsole();
  buildPlayer();
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
