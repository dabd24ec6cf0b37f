import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrontProxy } from '../../scripts/proxy';
import { freePort } from '../ops/support/cluster';
import { saveScreenshot } from '../support/screenshots';
import {
  buildPlayer,
  type DisplayWorld,
  launchChromium,
  postNote,
  restartable,
  seedDisplayWorld,
  startTestStack,
  type TestStack,
} from './support/display-stack';

/**
 * Issue 26 item 4: a screen whose service worker holds the player and whose board is cached is
 * reloaded while the API restarts. Whatever the front answers — the front proxy's 503 (the API
 * process gone: scripts/proxy.ts, as `npm start` runs it), nginx's 502 during a rollout, a refused
 * connection, or nothing at all — the screen shows its cached board, never the server's answer,
 * and goes live again by itself once the API is back.
 *
 * The browser talks to a gate in front of the real front proxy; the gate plays nginx's 502, the
 * hang and the closed door. The proxy forwards to the stack (API, worker, gateway in one
 * server), which is stopped and started again for the restart.
 */
type Mode = 'pass' | '502' | 'hang';

let stack: TestStack;
let world: DisplayWorld;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let servers: ReturnType<typeof restartable>;
let gate: Server;
let gatePort: number;
let mode: Mode = 'pass';
const held: ServerResponse[] = [];
const figures: string[] = [];

function startGate(stackPort: number): Server {
  const proxy = createFrontProxy({ api: stackPort, realtime: stackPort });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (mode === '502') {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(
        '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>',
      );
      return;
    }
    if (mode === 'hang') {
      held.push(res);
      return;
    }
    proxy.emit('request', req, res);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (mode === 'pass') proxy.emit('upgrade', req, socket, head);
    else socket.destroy();
  });
  return server;
}

const listen = () => new Promise<void>((r) => gate.listen(gatePort, '127.0.0.1', r));
const online = () => page.getByTestId('connection').getAttribute('data-online');
const notes = () => page.locator('[data-testid="note"]').allTextContents();

/**
 * Reloads the screen during an outage made by `down`, checks it plays the cached board, then ends
 * the outage with `up` and waits for the screen to go live; records both durations.
 */
async function drill(name: string, down: () => Promise<void>, up: () => Promise<void>) {
  await page.locator('[data-testid="connection"][data-online="true"]').waitFor({ timeout: 40_000 });
  await down();
  const reloadedAt = Date.now();
  await page.reload({ waitUntil: 'commit', timeout: 30_000 });
  await page.locator('[data-testid="note"]').first().waitFor({ timeout: 15_000 });
  const boardAt = Date.now();
  const body = (await page.locator('body').textContent()) ?? '';
  expect(body).not.toContain('upstream_unavailable');
  expect(body).not.toContain('Bad Gateway');
  expect(body).not.toContain('Oppslag starter');
  expect(await notes()).toContain('Dugnad lørdag kl. 10');
  expect(await online()).toBe('false');
  await saveScreenshot(page, `restart-recovery-${name}.png`);
  // The outage lasts a while; the screen keeps its board all along.
  await new Promise((r) => setTimeout(r, 5000));
  expect(await notes()).toContain('Dugnad lørdag kl. 10');
  await up();
  const upAt = Date.now();
  await page.locator('[data-testid="connection"][data-online="true"]').waitFor({ timeout: 60_000 });
  const liveAt = Date.now();
  // Live for real: a note written now shows without anyone touching the screen.
  const fresh = `Ny melding etter ${name}`;
  await postNote(stack, world, { text: `<p>${fresh}</p>` });
  await page.locator('[data-testid="note"]', { hasText: fresh }).waitFor({ timeout: 20_000 });
  const line =
    `${name}: board on screen ${((boardAt - reloadedAt) / 1000).toFixed(1)} s after the reload; ` +
    `cached board shown ${((liveAt - boardAt) / 1000).toFixed(1)} s; ` +
    `live ${((liveAt - upAt) / 1000).toFixed(1)} s after the API was back`;
  figures.push(line);
  console.log(`[kiosk drill] ${line}`);
}

describe('a screen reloaded while the API restarts', () => {
  beforeAll(async () => {
    const web = [{ prefix: '/display', dir: buildPlayer() }];
    stack = await startTestStack({
      web,
      worker: 'relay',
      env: { DEMO_DATA: 'false', FEATURE_SET: 'oppslag', SMS_NUMBER: '2077' },
    });
    servers = restartable(stack, web);
    world = await seedDisplayWorld(stack);
    await postNote(stack, world, { text: '<p>Dugnad lørdag kl. 10</p>' });
    gatePort = await freePort();
    gate = startGate(Number(new URL(stack.url).port));
    await listen();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    page = await context.newPage();
    await page.goto(
      `http://127.0.0.1:${gatePort}/display/#displayId=${world.displayId}&apiKey=${world.apiKey}`,
    );
    await page.locator('[data-testid="note"]').first().waitFor({ timeout: 40_000 });
    // The service worker controls the screen and has saved the player's shell.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  });

  afterAll(async () => {
    if (figures.length) console.log(`[kiosk drill]\n  ${figures.join('\n  ')}`);
    await browser?.close();
    gate?.closeAllConnections();
    gate?.close();
    await servers?.close();
    await stack?.close();
  });

  it("the API process restarting (the front proxy's 503)", async () => {
    await drill('proxy-503', servers.stop, servers.start);
  });

  it("nginx's 502 during a rollout", async () => {
    await drill(
      'nginx-502',
      async () => {
        mode = '502';
      },
      async () => {
        mode = 'pass';
      },
    );
  });

  it('a front that hangs', async () => {
    await drill(
      'hang',
      async () => {
        mode = 'hang';
      },
      async () => {
        mode = 'pass';
        // What a real restart does to the requests it held: cut them.
        for (const res of held.splice(0)) res.socket?.destroy();
      },
    );
  });

  it('a front that refuses connections', async () => {
    await drill(
      'refused',
      async () => {
        gate.close();
        gate.closeAllConnections();
      },
      listen,
    );
  });
});
