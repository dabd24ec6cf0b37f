import type { AddressInfo } from 'node:net';
import { encodeDisplayId, recordEvent, unitOfWork } from '@oppslag/api/core';
import { createEntity, createUser } from '@oppslag/api/testing';
import { cacheKeys } from '@oppslag/common';
import { type Composed, composeServer } from '@oppslag/stack';
import { startTestStack, type TestStack } from '@oppslag/stack/testing';
import type { Browser } from 'playwright-core';
import { buildPlayer } from './build-player';

export { CHROMIUM_ARGS, launchChromium } from '../../support/chromium';

/** The 1080p screen a display's orientation asks for: 0 landscape, 1 portrait. */
export const screenOf = (orientation: 0 | 1) =>
  orientation ? { width: 1080, height: 1920 } : { width: 1920, height: 1080 };

export interface DisplayWorld {
  superadmin: { id: number; token: string };
  orgId: number;
  displayEntityId: number;
  displayId: string;
  apiKey: string;
}

/** An organization with one display, a superadmin, and the settings a real board has. */
export async function seedDisplayWorld(stack: TestStack): Promise<DisplayWorld> {
  const { deps } = stack;
  const superadmin = await createUser(deps, {
    email: 'admin@example.com',
    password: 'admin-password',
    admin: true,
  });
  const root = await createEntity(deps, { name: 'Oppslag', type: 'system' });
  const org = await createEntity(deps, {
    name: 'Solbakken borettslag',
    type: 'organization',
    parentId: root.id,
    codeWord: 'SOLBAKKEN',
  });
  const apiKey = 'e2e-display-key-0123456789';
  const display = await createEntity(deps, { name: 'Oppgang A', type: 'display', parentId: org.id, apiKey });
  const put = await stack.request('PUT', `/api/entities/${org.id}`, {
    token: superadmin.token,
    body: {
      displayInformation: 'Vaktmester Ali: 912 34 567 (hverdager 08–16)\nStyret: styret@solbakken.no',
      noteBoardBackgroundColor: '#daedf1',
      bannerFallbackText: 'Velkommen til Solbakken borettslag',
    },
  });
  if (put.status !== 200) throw new Error(`entity update failed: ${put.status} ${JSON.stringify(put.body)}`);
  const own = await stack.request('PUT', `/api/entities/${display.id}`, {
    token: superadmin.token,
    body: { noteBoardBackgroundColor: '#d0e5be' },
  });
  if (own.status !== 200) throw new Error(`display update failed: ${own.status}`);
  return {
    superadmin,
    orgId: org.id,
    displayEntityId: display.id,
    displayId: encodeDisplayId(display.id, deps.config.hashidAlphabet),
    apiKey,
  };
}

/**
 * An ad as a housing association would upload it: artwork rendered to PNG by the browser, sent
 * through the asset upload, and placed in an ad slot of the organization (superadmin only).
 */
export async function uploadAd(
  stack: TestStack,
  world: DisplayWorld,
  browser: Browser,
  slot: 'adsSmall' | 'adsLarge' | 'partnerLogo',
  size: { width: number; height: number },
  html: string,
): Promise<void> {
  const page = await browser.newPage({ viewport: size });
  await page.setContent(`<body style="margin:0">${html}</body>`);
  const png = await page.screenshot({ type: 'png' });
  await page.close();
  const form = new FormData();
  form.set('entity', String(world.orgId));
  form.set('slot', slot);
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${slot}.png`);
  const res = await fetch(`${stack.url}/api/assets/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.superadmin.token}` },
    body: form,
  });
  const uploaded = (await res.json()) as { asset: { id: number } };
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(uploaded)}`);
  const content = await stack.request('POST', `/api/content/${world.orgId}/${slot}`, {
    token: world.superadmin.token,
    body: { type: 'banner-asset', assetId: uploaded.asset.id, duration: 15, approved: true },
  });
  if (content.status !== 201) throw new Error(`ad failed: ${content.status} ${JSON.stringify(content.body)}`);
}

/** Writes a note through the API as the superadmin. */
export async function postNote(
  stack: TestStack,
  world: DisplayWorld,
  note: { text: string; sticky?: boolean; icon?: string; iconColor?: string; date?: Date; end?: Date | null },
): Promise<number> {
  const res = await stack.request('POST', `/api/content/${world.orgId}/note`, {
    token: world.superadmin.token,
    body: {
      text: note.text,
      icon: note.icon ?? 'information',
      iconColor: note.iconColor ?? '#019939',
      date: (note.date ?? new Date()).toISOString(),
      end: note.end ? note.end.toISOString() : null,
      sticky: note.sticky ?? false,
      approved: true,
    },
  });
  if (res.status !== 201) throw new Error(`note failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/**
 * Departures and forecast as the worker caches them after polling Entur and MET, and announced as
 * the worker does (transit.updated, weather.updated: the events that tell every replica's content
 * check that the live data moved). `age` makes the polls that long ago (ms) while the departures
 * and days stay around `now`: data gone stale.
 */
export async function seedLiveData(
  stack: TestStack,
  world: DisplayWorld,
  now = Date.now(),
  age: { transit?: number; weather?: number } = {},
): Promise<void> {
  const prefix = stack.deps.config.redisPrefix;
  const at = (minutes: number) => new Date(now + minutes * 60_000 + 20_000).toISOString();
  const dep = (lineCode: string, frontText: string, minutes: number, transportMode: string) => ({
    lineCode,
    frontText,
    departureTime: at(minutes),
    transportMode,
  });
  const transit = {
    entityId: world.displayEntityId,
    updatedAt: new Date(now - (age.transit ?? 0)).toISOString(),
    stops: [
      {
        stopId: 'NSR:StopPlace:58366',
        label: 'Storo T',
        name: null,
        departures: [
          dep('5', 'Vestli', 0, 'metro'),
          dep('4', 'Bergkrystallen', 1, 'metro'),
          dep('20', 'Majorstuen', 2, 'bus'),
          dep('31', 'Fornebu', 4, 'bus'),
          dep('FB5', 'Oslo lufthavn', 9, 'bus'),
          dep('110', 'Lillestrøm', 14, 'bus'),
        ],
      },
      {
        stopId: 'NSR:StopPlace:6505',
        label: 'Grefsen stasjon',
        name: null,
        departures: [
          dep('R30', 'Gjøvik', 6, 'rail'),
          dep('17', 'Rikshospitalet', 3, 'tram'),
          dep('B11', 'Nesodden', 12, 'water'),
        ],
      },
    ],
  };
  const day = (offset: number) => {
    const d = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(
      new Date(now + offset * 86_400_000),
    );
    return d;
  };
  const weather = {
    organizationId: world.orgId,
    latitude: 59.9466,
    longitude: 10.7786,
    updatedAt: new Date(now - (age.weather ?? 0)).toISOString(),
    days: [
      {
        date: day(0),
        symbolCode: 'partlycloudy_day',
        temperature: -2.4,
        minTemperature: -5,
        maxTemperature: -1,
      },
      {
        date: day(1),
        symbolCode: 'lightsnowshowers_day',
        temperature: null,
        minTemperature: -6,
        maxTemperature: 1.2,
      },
      { date: day(2), symbolCode: 'clearsky_day', temperature: null, minTemperature: -8, maxTemperature: 3 },
    ],
  };
  await stack.deps.redis.set(cacheKeys.transit(prefix, world.displayEntityId), JSON.stringify(transit));
  await stack.deps.redis.set(cacheKeys.weather(prefix, world.orgId), JSON.stringify(weather));
  // One unit of work, as the worker's poll writes them (it wakes the relay after the commit).
  await unitOfWork(stack.deps, async (tx) => {
    await recordEvent(tx, { type: 'transit.updated', entityId: world.displayEntityId, data: transit });
    await recordEvent(tx, { type: 'weather.updated', entityId: world.orgId, data: weather });
  });
}

/**
 * Stops the API, worker and gateway of a stack (the database and Redis stay), and starts them
 * again on the same port, as a deploy or a crash and restart would.
 */
export function restartable(stack: TestStack, web: { prefix: string; dir: string }[]) {
  const port = Number(new URL(stack.url).port);
  let current: Composed = stack.composed;
  return {
    async stop() {
      await current.close();
    },
    async start() {
      current = await composeServer(stack.deps, {
        api: true,
        worker: 'relay',
        realtime: true,
        web,
        sweepMs: 200,
      });
      await new Promise<void>((ok, fail) => {
        current.server.once('error', fail);
        current.server.listen(port, '127.0.0.1', () => ok());
      });
      if ((current.server.address() as AddressInfo).port !== port)
        throw new Error('restarted on another port');
    },
    async close() {
      if (current !== stack.composed) await current.close();
    },
  };
}

export { buildPlayer, startTestStack, type TestStack };
