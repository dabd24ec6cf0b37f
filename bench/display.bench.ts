// Bench: the display player in Chromium. (1) Its initial JavaScript, gzipped (target ≤ 150 KB).
// (2) Its JS heap after 10 minutes of rotation (notes, banners, transit, clock) on an accelerated
// page clock, against the heap right after start-up (target: growth under 10 %). The player talks
// to a local server speaking the display API and Socket.IO, which pushes a note change every minute.
// (3) SMS to screen on the rendered page: a signed SMS webhook to the whole back end (API, worker,
// outbox relay, gateway on PostgreSQL and Redis) until the note's text is in the DOM of a real
// player in Chromium (a MutationObserver's time), and until the frame after it; ~50 sequential SMS.

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { encodeDisplayId } from '@oppslag/api/core';
import { autoApproveNumbers, createEntity, genericWebhook } from '@oppslag/api/testing';
import { FEATURE_SETS } from '@oppslag/common';
import { startTestStack } from '@oppslag/stack/testing';
import { chromium } from 'playwright-core';
import { Server as SocketServer } from 'socket.io';
import { buildPlayer } from '../e2e/display/support/build-player';
import type { BenchOutcome } from './lib/bench';

export const description =
  'display player: initial JS gzipped, JS heap after 10 min of rotation, SMS to screen on the rendered page';
const JS_TARGET_KB = 150;
const HEAP_GROWTH_TARGET = 10;
const RUN_MS = Number(process.env.BENCH_DISPLAY_MINUTES ?? 10) * 60_000;
const STEP_MS = 1000;
const START = Date.parse('2026-11-21T10:00:00Z');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Gzipped size of the scripts index.html loads up front (entry and module preloads). */
export function initialJsGzipBytes(dist: string): { raw: number; gzip: number; files: string[] } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/display\/([^"]+\.js)"/g),
  ].map((m) => m[1]);
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = readFileSync(join(dist, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip, files };
}

// A 1×1 PNG: the banner images only have to exercise the image loader and its object URLs.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export function fixture(now: number) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const notes = Array.from({ length: 30 }, (_, i) => ({
    id: i + 1,
    entityId: 2,
    text: `<h2>Oppslag ${i + 1}</h2><p>Husk at <strong>vaskerommet</strong> stenger kl. 22 på hverdager.</p>`,
    icon: 'information',
    iconColor: '#019939',
    date: iso(now - (i + 1) * 60_000),
    // Some notes expire during the run, so visibility changes are part of it.
    end: i % 5 === 0 ? iso(now + (i + 1) * 20_000) : null,
    sticky: i < 2,
    state: 'active',
  }));
  const banners = Array.from({ length: 6 }, (_, i) => ({
    id: i + 1,
    entityId: 2,
    slot: 'banner',
    type: 'banner-asset',
    start: iso(now - 3_600_000),
    end: iso(now + 86_400_000),
    duration: 5 + i,
    templateId: null,
    templateText: null,
    asset: {
      id: i + 1,
      type: 1,
      mime: 'image/png',
      page: 0,
      hasCropped: true,
      croppedUrl: `/assets/${i + 1}/cropped?v=1`,
      originalUrl: `/assets/${i + 1}/original?v=1`,
    },
    master: false,
  }));
  const stop = (n: number) => ({
    stopId: `NSR:StopPlace:${n}`,
    label: `Stopp ${n}`,
    name: null,
    departures: Array.from({ length: 40 }, (_, i) => ({
      lineCode: String(20 + i),
      frontText: 'Sentrum',
      departureTime: iso(now + i * 30_000),
      transportMode: i % 3 ? 'bus' : 'metro',
    })),
  });
  const day = (d: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(now + d * 86_400_000);
  return {
    manifest: {
      displayId: 'BenchDisp01',
      entityId: 3,
      name: 'Bench',
      codeWord: 'BENCH',
      showCodeWord: true,
      smsNumber: '2077',
      timeZone: 'Europe/Oslo',
      displayInformation: 'Vaktmester 900 00 000',
      layout: 'default',
      orientation: 0,
      modules: ['clock', 'weather', 'transit', 'notes', 'banners', 'info'].map((name) => ({ name })),
      fallback: null,
      display: {
        id: 3,
        name: 'Bench',
        noteBoardBackgroundColor: '#e0d6d0',
        bannerFallbackText: null,
        orientation: 0,
        largePrint: false,
      },
      organization: null,
      transitStops: [],
      featureSet: { name: FEATURE_SETS.styretavla.name, slots: FEATURE_SETS.styretavla.slots },
    },
    content: {
      notes,
      banners,
      fallback: [],
      partnerLogo: [],
      adsSmall: [],
      adsLarge: [],
      transit: { entityId: 3, updatedAt: iso(now), stops: [stop(1), stop(2), stop(3)] },
      weather: {
        organizationId: 2,
        latitude: 59.95,
        longitude: 10.78,
        updatedAt: iso(now),
        days: [0, 1, 2].map((d) => ({
          date: day(d),
          symbolCode: 'rain',
          temperature: 3,
          minTemperature: 1,
          maxTemperature: 5,
        })),
      },
    },
  };
}

/**
 * The fake display API. `clock` gives its `Date` header: the player runs on the server's clock
 * (learned from that header), so the server's time has to follow the page's accelerated clock.
 */
export function startServer(dist: string, clock: () => number = Date.now) {
  const data = fixture(START);
  const body = JSON.stringify(data.content);
  const json = (res: ServerResponse, value: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('date', new Date(clock()).toUTCString());
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/display/register')
      return json(res, { token: 'bench', manifest: data.manifest });
    if (url.pathname === '/api/display/manifest') return json(res, data.manifest);
    if (url.pathname === '/api/display/content') {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { etag: '"v1"' });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' });
      return res.end(body);
    }
    if (url.pathname.startsWith('/api/assets/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG);
    }
    if (url.pathname.startsWith('/display')) {
      const rel = normalize(url.pathname.slice('/display'.length) || '/');
      const file = join(dist, extname(rel) ? rel : 'index.html');
      try {
        const bytes = readFileSync(file);
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        return res.end(bytes);
      } catch {
        // falls through to 404
      }
    }
    res.writeHead(404);
    res.end();
  });
  // Pings come often in real time so the accelerated page clock never sees a ping timeout (which a
  // real screen on a steady connection would not see either).
  const io = new SocketServer(server, { path: '/socket.io', pingInterval: 250, pingTimeout: 300_000 });
  let connections = 0;
  io.on('connection', () => {
    connections += 1;
  });
  return { server, io, connections: () => connections };
}

const SMS_SAMPLES = Number(process.env.BENCH_DISPLAY_SMS_SAMPLES ?? 50);
const SMS_SECRET = 'bench-webhook-secret';
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** SMS-to-screen on the rendered page: webhook sent → text in the player's DOM (and next frame). */
export async function smsToScreen(dist: string, samples = SMS_SAMPLES) {
  const stack = await startTestStack({
    web: [{ prefix: '/display', dir: dist }],
    // The whole worker: the sms job turns the webhook into a note.
    env: { SMS_WEBHOOK_SECRET: SMS_SECRET, DEMO_DATA: 'false' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const root = await createEntity(stack.deps, { name: 'System', type: 'system' });
    const org = await createEntity(stack.deps, {
      name: 'Borettslaget',
      type: 'organization',
      parentId: root.id,
      codeWord: 'bench',
    });
    const display = await createEntity(stack.deps, {
      name: 'Skjerm',
      type: 'display',
      parentId: org.id,
      apiKey: 'bench-key-0123456789',
    });
    await stack.deps.database.db
      .insert(autoApproveNumbers)
      .values({ entityId: org.id, number: '004791111111', description: 'Bench' });
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(
      `${stack.url}/display/#displayId=${encodeDisplayId(display.id)}&apiKey=bench-key-0123456789`,
    );
    await page.waitForSelector('[data-testid="connection"][data-online="true"]', { timeout: 30_000 });
    // The observer stamps the first time each marker's text is in the document, and the frame after.
    await page.evaluate(() => {
      const w = window as unknown as { seen: Record<string, { dom: number; frame?: number }> };
      w.seen = {};
      new MutationObserver(() => {
        const text = document.body.textContent ?? '';
        for (const m of text.matchAll(/SMS-(\d+)-bench/g)) {
          if (w.seen[m[1]]) continue;
          const entry: { dom: number; frame?: number } = { dom: Date.now() };
          w.seen[m[1]] = entry;
          requestAnimationFrame(() => {
            entry.frame = Date.now();
          });
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const dom: number[] = [];
    const frame: number[] = [];
    for (let i = 0; i < samples; i++) {
      const hook = genericWebhook(SMS_SECRET, {
        id: `screen-${i}`,
        from: '+4791111111',
        text: `BENCH SMS-${i}-bench Vaskerommet er ledig`,
      });
      const sent = Date.now();
      const res = await fetch(stack.url + hook.path, {
        method: 'POST',
        headers: hook.headers,
        body: hook.body,
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
      const seen = await page.waitForFunction(
        (id) =>
          (window as unknown as { seen: Record<string, { dom: number; frame?: number }> }).seen[id]?.frame,
        String(i),
        { timeout: 15_000, polling: 20 },
      );
      await seen.dispose();
      const at = await page.evaluate(
        (id) => (window as unknown as { seen: Record<string, { dom: number; frame: number }> }).seen[id],
        String(i),
      );
      dom.push(at.dom - sent);
      frame.push(at.frame - sent);
      await new Promise((r) => setTimeout(r, 100));
    }
    dom.sort((a, b) => a - b);
    frame.sort((a, b) => a - b);
    return {
      samples,
      domP50: quantile(dom, 0.5),
      domP99: quantile(dom, 0.99),
      frameP50: quantile(frame, 0.5),
      frameP99: quantile(frame, 0.99),
      max: frame.at(-1) ?? Number.NaN,
    };
  } finally {
    await browser.close();
    await stack.close();
  }
}

export async function run(): Promise<BenchOutcome> {
  const dist = buildPlayer();
  const sms = await smsToScreen(dist);
  const smsLine = `SMS to screen on the rendered page (signed webhook → text in the player's DOM / the frame after), ${sms.samples} sequential SMS, load average ${loadavg()[0].toFixed(1)}: DOM p50 ${sms.domP50} ms p99 ${sms.domP99} ms; frame p50 ${sms.frameP50} ms p99 ${sms.frameP99} ms (max ${sms.max} ms)`;
  console.log(smsLine);
  const js = initialJsGzipBytes(dist);
  const jsKb = js.gzip / 1024;
  console.log(
    `initial JS: ${js.files.join(', ')}: ${(js.raw / 1024).toFixed(1)} KB raw, ${jsKb.toFixed(1)} KB gzipped (target ≤ ${JS_TARGET_KB} KB)`,
  );

  // The page's (accelerated) time, which the fake server's Date header follows.
  let pageNow = START;
  const { server, io, connections } = startServer(dist, () => pageNow);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1920, height: 1080 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.clock.install({ time: START });
    await page.goto(`${url}/display/#displayId=BenchDisp01&apiKey=bench`);
    await page.locator('[data-testid="note"]').first().waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.enable');
    const usedHeap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = (await cdp.send('Performance.getMetrics')) as {
        metrics: { name: string; value: number }[];
      };
      return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    };
    // The live set at one instant depends on what is in flight (a fetch, a render); the smallest of
    // three readings a second apart is the settled heap.
    const heap = async () => {
      const readings: number[] = [];
      for (let i = 0; i < 3; i++) {
        readings.push(await usedHeap());
        await page.clock.runFor(STEP_MS);
        pageNow += STEP_MS;
        await new Promise((r) => setTimeout(r, 20));
      }
      return Math.min(...readings);
    };
    let seq = 0;
    const sample = () =>
      page.evaluate(() => ({
        note:
          document.querySelector('[data-testid="note"]:not([data-sticky])')?.getAttribute('data-note-id') ??
          '',
        slide: document.querySelector('[data-active-slide]')?.getAttribute('data-active-slide') ?? '',
        stop: document.querySelector('[data-role="current"] h2')?.textContent ?? '',
      }));
    const changes = { note: 0, slide: 0, stop: 0 };
    let last = await sample();
    const advance = async (ms: number, count: boolean) => {
      for (let t = 0; t < ms; t += STEP_MS) {
        await page.clock.runFor(STEP_MS);
        pageNow += STEP_MS;
        // Let React render between steps (its scheduler runs on real tasks, not on the fake clock).
        await new Promise((r) => setTimeout(r, 4));
        if (t % 60_000 === 0) {
          seq += 1;
          io.emit('note.updated', {
            id: `bench-${seq}`,
            seq,
            entityId: 2,
            data: { note: fixture(START).content.notes[5] },
          });
          // The worker's minute poll: fresh departures (so they are never stale or hidden).
          io.emit('transit.updated', {
            id: `bench-transit-${seq}`,
            seq,
            entityId: 3,
            data: { ...fixture(START).content.transit, updatedAt: new Date(pageNow).toISOString() },
          });
        }
        if (count && t % 5000 === 0) {
          const now = await sample();
          for (const k of ['note', 'slide', 'stop'] as const) if (now[k] !== last[k]) changes[k] += 1;
          last = now;
        }
      }
    };
    // Warm-up: first renders, JIT, and Playwright's own evaluation helper (injected into the page
    // by the first evaluate) all land before the baseline, so they are not counted as growth.
    await advance(120_000, true);
    changes.note = changes.slide = changes.stop = 0;
    await heap();
    const before = await heap();
    const started = Date.now();
    await advance(RUN_MS, true);
    const after = await heap();
    const growth = ((after - before) / before) * 100;
    const minutes = RUN_MS / 60_000;
    const lines = [
      `initial JS gzipped ${jsKb.toFixed(1)} KB (target ≤ ${JS_TARGET_KB} KB)`,
      `JS heap ${(before / 1048576).toFixed(2)} MB after start-up → ${(after / 1048576).toFixed(2)} MB after ${minutes} min of rotation: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (target < ${HEAP_GROWTH_TARGET} %)`,
      `rotation seen in 5 s samples: ${changes.note} note-order changes, ${changes.slide} banner changes, ${changes.stop} transit stop changes; ${seq} pushed events over ${connections()} connection(s); ${((Date.now() - started) / 1000).toFixed(1)} s real time`,
    ];
    lines.push(smsLine);
    const summary = lines.join('\n');
    console.log(summary);
    // Figures for the bench report (bench/run.ts collects them).
    const outcome = {
      ok: jsKb <= JS_TARGET_KB && growth < HEAP_GROWTH_TARGET,
      summary,
      figures: {
        initialJsGzipKb: Number(jsKb.toFixed(1)),
        heapBeforeMb: Number((before / 1048576).toFixed(2)),
        heapAfterMb: Number((after / 1048576).toFixed(2)),
        heapGrowthPercent: Number(growth.toFixed(1)),
        heapMinutes: minutes,
        smsToScreenDomP50Ms: sms.domP50,
        smsToScreenDomP99Ms: sms.domP99,
        smsToScreenFrameP50Ms: sms.frameP50,
        smsToScreenFrameP99Ms: sms.frameP99,
        loadAverage: Number(loadavg()[0].toFixed(1)),
      },
    };
    return outcome;
  } finally {
    await browser.close();
    // Closes the http server it is attached to as well.
    io.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (r) => process.exit(r.ok ? 0 : 1),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
