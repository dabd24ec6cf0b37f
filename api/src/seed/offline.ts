// The demo without internet. `npm start` asks Entur and MET once; when neither answers (a laptop
// offline, a locked-down network) it says so and runs the local stand-ins that speak their
// protocols, so a newcomer still sees weather and departures. OFFLINE_DEMO=true forces the
// stand-ins, OFFLINE_DEMO=false never uses them; configured service URLs are never replaced.
import type { Redis } from 'ioredis';

const DEFAULTS = {
  ENTUR_JOURNEY_PLANNER_URL: 'https://api.entur.io/journey-planner/v3/graphql',
  MET_URL: 'https://api.met.no/weatherapi/locationforecast/2.0',
};

/** Whether a URL answers at all (any HTTP status) within the timeout. */
async function answers(url: string, timeoutMs: number): Promise<boolean> {
  try {
    await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

export type OfflineDecision = { fakes: false } | { fakes: true; reason: string };

/** Decides whether `npm start` runs the local stand-ins for Entur and MET. */
export async function decideOffline(env: NodeJS.ProcessEnv, timeoutMs = 4000): Promise<OfflineDecision> {
  if (env.OFFLINE_DEMO === 'true') return { fakes: true, reason: 'OFFLINE_DEMO=true' };
  if (env.OFFLINE_DEMO === 'false' || env.DEMO_DATA === 'false') return { fakes: false };
  // Someone pointed Oppslag at their own services: leave them be.
  if (env.ENTUR_JOURNEY_PLANNER_URL || env.ENTUR_GEOCODER_URL || env.MET_URL) return { fakes: false };
  const [entur, met] = await Promise.all([
    answers(DEFAULTS.ENTUR_JOURNEY_PLANNER_URL, timeoutMs),
    answers(DEFAULTS.MET_URL, timeoutMs),
  ]);
  if (entur && met) return { fakes: false };
  const silent = [!entur && 'Entur', !met && 'MET'].filter(Boolean).join(' and ');
  return { fakes: true, reason: `${silent} did not answer (no internet?)` };
}

/**
 * Forgets the back-off a failed Entur/MET call left (weather's "not before", transit's back-off and
 * failure count): with the stand-ins in place those failures say nothing about the next call.
 */
export async function forgetRemoteFailures(redis: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    const stale = keys.filter((k) =>
      /^(weather-meta|transit-backoff|transit-failures):/.test(k.slice(prefix.length + 1)),
    );
    if (stale.length) deleted += await redis.del(...stale);
  } while (cursor !== '0');
  return deleted;
}
