import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Debian's Chromium driven by playwright-core, with the flags every browser test runs it with.
 * In a Vitest run the `e2e` project's global setup (`chromium-server.ts`) starts one Chromium for
 * every file, and this connects to it: each file gets its own connection, and its contexts (own
 * cookies, storage, service workers) are closed when it closes the browser, which only disconnects.
 * Outside that setup (a script, another project) it launches a Chromium of its own.
 */
export const launchChromium = (): Promise<Browser> => {
  const endpoint = sharedEndpoint();
  return endpoint
    ? chromium.connect(endpoint)
    : chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
};

function sharedEndpoint(): string | undefined {
  try {
    return inject('chromiumEndpoint');
  } catch {
    return undefined; // not inside a Vitest run
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The `e2e` project's shared Chromium (a playwright-core browser server). */
    chromiumEndpoint?: string;
  }
}
