import {
  type AppDeps,
  liveOrganizationIds,
  organizationLocation,
  recordEvent,
  unitOfWork,
} from '@oppslag/api/core';
import { cacheKeys, type WeatherForecast } from '@oppslag/common';
import { propertyOf } from '@oppslag/common/property-of.ts';
import { messageOf } from '@oppslag/common/thrown.ts';
import { type CompactEntry, reduceForecast } from './forecast-reduce';
import { retryAfterSeconds } from './journey-planner';

/** The forecast stays readable this long after the last answer from MET. */
export const WEATHER_CACHE_TTL_SECONDS = 12 * 3600;
/** When MET sends no usable Expires, ask again after this long. */
const DEFAULT_EXPIRES_MS = 30 * 60_000;
const FAILURE_BACKOFF_MS = 10 * 60_000;

interface WeatherMeta {
  latitude: number;
  longitude: number;
  /** Do not ask MET again before this (epoch ms), from its Expires header or a backoff. */
  notBefore: number;
  lastModified: string | null;
}

/** The meta as stored (JSON in Redis), read field by field; one that does not read is no meta. */
function readMeta(stored: string): WeatherMeta | null {
  const value: unknown = JSON.parse(stored);
  const [latitude, longitude, notBefore] = ['latitude', 'longitude', 'notBefore'].map((k) =>
    propertyOf(value, k),
  );
  const lastModified = propertyOf(value, 'lastModified');
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || typeof notBefore !== 'number')
    return null;
  return {
    latitude,
    longitude,
    notBefore,
    lastModified: typeof lastModified === 'string' ? lastModified : null,
  };
}

export type WeatherPollOutcome =
  | { status: 'updated' | 'not_modified' | 'fresh' | 'no_location' | 'locked' }
  | { status: 'failed'; retryInMs: number };

/** MET's terms: at most 4 decimals; truncating also keeps nearby requests on the same cached answer. */
export const truncate4 = (value: number) => Math.trunc(value * 10_000) / 10_000;

function expiresAt(header: string | null, now: Date): number {
  const at = header ? Date.parse(header) : Number.NaN;
  return Number.isNaN(at) || at <= now.getTime() ? now.getTime() + DEFAULT_EXPIRES_MS : at;
}

/**
 * Fetches MET Locationforecast 2.0 `compact` for an organization, following MET's terms: a
 * User-Agent that identifies us, no request before the last answer's `Expires`, and
 * `If-Modified-Since` so an unchanged forecast costs a 304 (the cached forecast is kept).
 */
export async function pollWeather(deps: AppDeps, organizationId: number): Promise<WeatherPollOutcome> {
  const { redis, config } = deps;
  const now = deps.now();
  const location = await organizationLocation(deps.database.db, organizationId);
  if (!location) return { status: 'no_location' };
  const latitude = truncate4(location.latitude);
  const longitude = truncate4(location.longitude);
  const metaKey = `${config.redisPrefix}:weather-meta:${organizationId}`;
  const stored = await redis.get(metaKey);
  const meta = stored ? readMeta(stored) : null;
  const sameSpot = meta?.latitude === latitude && meta.longitude === longitude;
  if (sameSpot && meta && now.getTime() < meta.notBefore) return { status: 'fresh' };
  // Two workers sweeping at once must not both ask MET; the lock lives as long as one request.
  const lockKey = `${config.redisPrefix}:weather-lock:${organizationId}`;
  if ((await redis.set(lockKey, '1', 'EX', 60, 'NX')) === null) return { status: 'locked' };
  try {
    return await fetchForecast(deps, organizationId, { latitude, longitude }, meta, now);
  } finally {
    await redis.del(lockKey);
  }
}

async function fetchForecast(
  deps: AppDeps,
  organizationId: number,
  { latitude, longitude }: { latitude: number; longitude: number },
  meta: WeatherMeta | null,
  now: Date,
): Promise<WeatherPollOutcome> {
  const { redis, config } = deps;
  const metaKey = `${config.redisPrefix}:weather-meta:${organizationId}`;
  const cacheKey = cacheKeys.weather(config.redisPrefix, organizationId);
  const sameSpot = meta?.latitude === latitude && meta.longitude === longitude;

  const saveMeta = (m: WeatherMeta) => redis.set(metaKey, JSON.stringify(m), 'EX', 7 * 24 * 3600);
  const headers: Record<string, string> = { 'user-agent': config.met.userAgent, accept: 'application/json' };
  const hasCache = sameSpot && (await redis.exists(cacheKey)) === 1;
  if (hasCache && meta?.lastModified) headers['if-modified-since'] = meta.lastModified;
  const url = `${config.met.url.replace(/\/$/, '')}/compact?lat=${latitude}&lon=${longitude}`;
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    deps.logger.warn({ organizationId, err: messageOf(err) }, 'MET unreachable');
    await saveMeta({
      latitude,
      longitude,
      notBefore: now.getTime() + FAILURE_BACKOFF_MS,
      lastModified: meta?.lastModified ?? null,
    });
    return { status: 'failed', retryInMs: FAILURE_BACKOFF_MS };
  }
  if (res.status === 304) {
    await saveMeta({
      latitude,
      longitude,
      notBefore: expiresAt(res.headers.get('expires'), now),
      lastModified: meta?.lastModified ?? null,
    });
    await redis.expire(cacheKey, WEATHER_CACHE_TTL_SECONDS);
    return { status: 'not_modified' };
  }
  const body = res.ok
    ? ((await res.json().catch(() => null)) as { properties?: { timeseries?: CompactEntry[] } } | null)
    : null;
  const timeseries = body?.properties?.timeseries;
  if (!Array.isArray(timeseries)) {
    const retryInMs =
      (retryAfterSeconds(res.headers.get('retry-after'), now) ?? FAILURE_BACKOFF_MS / 1000) * 1000;
    deps.logger.warn({ organizationId, status: res.status }, 'MET answered without a forecast');
    await saveMeta({
      latitude,
      longitude,
      notBefore: now.getTime() + retryInMs,
      lastModified: meta?.lastModified ?? null,
    });
    return { status: 'failed', retryInMs };
  }
  const forecast: WeatherForecast = {
    organizationId,
    latitude,
    longitude,
    updatedAt: now.toISOString(),
    days: reduceForecast(timeseries, now),
  };
  await redis.set(cacheKey, JSON.stringify(forecast), 'EX', WEATHER_CACHE_TTL_SECONDS);
  await saveMeta({
    latitude,
    longitude,
    notBefore: expiresAt(res.headers.get('expires'), now),
    lastModified: res.headers.get('last-modified'),
  });
  await unitOfWork(deps, (tx) =>
    recordEvent(tx, { type: 'weather.updated', entityId: organizationId, data: forecast }),
  );
  return { status: 'updated' };
}

/** Polls every organization whose forecast is due; run by the `weather` scheduler. */
export async function sweepWeather(deps: AppDeps): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const organizationId of await liveOrganizationIds(deps.database.db)) {
    const outcome = await pollWeather(deps, organizationId);
    counts[outcome.status] = (counts[outcome.status] ?? 0) + 1;
  }
  return counts;
}
