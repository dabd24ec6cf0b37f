import { createHash } from 'node:crypto';
import {
  CONTENT_SLOTS,
  type ContentSlot,
  cacheKeys,
  compareNotes,
  type DisplayContent,
  type DisplaySlide,
  type FeatureSet,
  isScheduleOver,
  NOTE_ICONS,
  nextScheduleBoundary,
  noteState,
  slotSwitchedOn,
  type TransitDepartures,
  transitDeparturesSchema,
  weatherForecastSchema,
} from '@oppslag/common';
import { expectOneOf } from '@oppslag/common/one-of.ts';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { type AlertRow, presentAlert } from '../presenters/alert.presenter';
import { presentContentAsset } from '../presenters/content.presenter';
import { activeAlerts } from './alert.service';
import {
  type ChainEntity,
  type DisplayNoteRow,
  type DisplaySlideRow,
  displayQueries,
} from './display-queries';
import { nearestOrganization } from './entity-chain.service';
import { type MasterScope, masterReaches } from './master.service';

export interface BuiltContent {
  body: string;
  etag: string;
  /** When the payload changes by time alone (a note or slide starts or ends); null if never. */
  changesAt: number | null;
}

/** A strong validator: the same bytes give the same tag. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Cached JSON the worker wrote; a missing or unreadable value is "no data". */
function parseCached(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Cached live data in the shape the contract promises the player, or null (missing or outdated). */
function cachedAs<S extends z.ZodType>(schema: S, raw: string | null): z.output<S> | null {
  const parsed = schema.safeParse(parseCached(raw));
  return parsed.success ? parsed.data : null;
}

/**
 * Merges the departures the worker cached per entity along the chain (stops may be attached to the
 * display or to any ancestor, as the manifest lists them): nearest entity first, each stop once.
 */
export function mergeTransit(displayId: number, cached: readonly (string | null)[]): string | null {
  const seen = new Set<string>();
  const stops: TransitDepartures['stops'] = [];
  let updatedAt: string | null = null;
  for (const raw of cached) {
    const parsed = raw ? transitDeparturesSchema.safeParse(parseCached(raw)) : null;
    if (!parsed?.success) continue;
    if (!updatedAt || parsed.data.updatedAt > updatedAt) updatedAt = parsed.data.updatedAt;
    for (const stop of parsed.data.stops) {
      if (seen.has(stop.stopId)) continue;
      seen.add(stop.stopId);
      stops.push(stop);
    }
  }
  return updatedAt ? JSON.stringify({ entityId: displayId, updatedAt, stops }) : null;
}

/**
 * The live data the worker cached for a display, as stored: departures per chain entity (display
 * first) and the organization's forecast. Kept raw so an unchanged display costs one MGET and a
 * comparison; it is parsed and merged (liveOf) only when the content is built.
 */
export interface RawLiveData {
  transit: (string | null)[];
  weather: string | null;
  /**
   * How long the earliest of the cached values lives on (ms, Infinity if none expires): the worker
   * writes each with an event (transit.updated, weather.updated), but they also expire with
   * nothing written, and a content holding one must stop being reused then.
   */
  ttlMs: number;
}

/** Reads the latest departures (along the chain) and forecast (per organization) the worker cached. */
export async function readLiveRaw(
  redis: Redis,
  prefix: string,
  chain: readonly ChainEntity[],
): Promise<RawLiveData> {
  const organization = nearestOrganization(chain);
  const keys = chain.map((entity) => cacheKeys.transit(prefix, entity.id));
  if (organization) keys.push(cacheKeys.weather(prefix, organization.id));
  try {
    const pipeline = redis.pipeline().mget(...keys);
    for (const key of keys) pipeline.pttl(key);
    const results = (await pipeline.exec()) ?? [];
    for (const [err] of results) if (err) throw err;
    // MGET answers one string or null per key; PTTL one number each.
    const answered = results[0][1];
    const values: (string | null)[] = Array.isArray(answered) ? answered : [];
    let ttlMs = Number.POSITIVE_INFINITY;
    for (let i = 0; i < keys.length; i++) {
      const ttl = Number(results[i + 1][1]);
      // -1: no expiry; -2: no such key (nothing held, nothing to expire).
      if (values[i] !== null && ttl >= 0) ttlMs = Math.min(ttlMs, ttl);
    }
    const weather = organization ? (values.pop() ?? null) : null;
    return { transit: values, weather, ttlMs };
  } catch {
    // Without Redis the display still gets its notes and slides; live data waits for the next poll.
    return { transit: [], weather: null, ttlMs: 0 };
  }
}

/** The live data as the content holds it: the chain's departures merged, the forecast as cached. */
export const liveOf = (displayId: number, raw: RawLiveData) => ({
  transit: mergeTransit(displayId, raw.transit),
  weather: raw.weather,
});

/** A slide as the player gets it: only what it needs to show and time the slide. */
function slideOf(c: DisplaySlideRow, masterId: number | null): DisplaySlide {
  return {
    id: c.id,
    entityId: c.entityId,
    slot: c.slot,
    type: c.type,
    start: c.start.toISOString(),
    end: c.end ? c.end.toISOString() : null,
    duration: c.duration,
    schedule: c.schedule ?? null,
    templateId: c.templateId,
    templateText: c.templateText,
    asset:
      c.assetId === null
        ? null
        : presentContentAsset({
            id: c.assetId,
            type: c.assetType ?? 0,
            mime: c.assetMime ?? '',
            page: c.assetPage ?? 1,
            hasCropped: c.assetHasCropped ?? false,
            updatedAt: c.assetUpdatedAt ?? new Date(0),
          }),
    master: c.entityId === masterId,
  };
}

/** Which entities and slots a display's content is read from (display first in `ancestry`). */
export interface ContentScope {
  ancestry: number[];
  /** The slots the feature set enables and the chain switched on (common's slotSwitchedOn). */
  slots: ContentSlot[];
  /** The slots the master display's content reaches this display in. */
  masterSlots: ContentSlot[];
  /** The master display when its content reaches this one in some slot, else null. */
  masterId: number | null;
  /** The ancestry, plus the master display when it is not on the chain already. */
  entityIds: number[];
}

export function contentScope(
  chain: readonly ChainEntity[],
  opts: { featureSet: FeatureSet; master: MasterScope | null },
): ContentScope {
  const ancestry = chain.map((e) => e.id);
  // The per-entity switch is the console's rule too: a slot it calls off shows nothing here,
  // the master display's ads included.
  const slots = CONTENT_SLOTS.filter((s) => opts.featureSet.slots[s].enabled && slotSwitchedOn(chain, s));
  const masterSlots = slots.filter((s) => masterReaches(opts.master, ancestry, s, false));
  const masterId = masterSlots.length > 0 && opts.master ? opts.master.masterId : null;
  const entityIds = masterId !== null && !ancestry.includes(masterId) ? [...ancestry, masterId] : ancestry;
  return { ancestry, slots, masterSlots, masterId, entityIds };
}

/**
 * Everything a display shows, from its chain (display first): approved notes that are active or
 * upcoming, approved slides that are active or upcoming (own, inherited, and the master's ads where
 * the feature set enables them), the fallback, cached transit and weather, and the alerts in force. Four queries: the
 * chain is already loaded; notes, contents and alerts are read for all ancestor ids at once.
 */
export async function buildDisplayContent(
  db: Db,
  chain: readonly ChainEntity[],
  live: { transit: string | null; weather: string | null },
  opts: { featureSet: FeatureSet; now: Date; master: MasterScope | null },
): Promise<BuiltContent> {
  const scope = contentScope(chain, opts);
  const [notes, contents, alerts] = await Promise.all([
    displayQueries.notes(db, scope.ancestry),
    scope.slots.length > 0 ? displayQueries.contents(db, scope.entityIds, scope.slots) : Promise.resolve([]),
    activeAlerts(db, scope.ancestry, opts.now),
  ]);
  return assembleDisplayContent(chain, scope, { notes, contents, alerts }, live, opts.now);
}

/**
 * The payload from the rows the queries read (approved only; slides of the scope's slots): what a
 * screen must not show yet or any more is left out here, and `changesAt` is the next instant the
 * answer changes by time alone. Pure, so the rules are tested without a database.
 */
export function assembleDisplayContent(
  chain: readonly ChainEntity[],
  scope: ContentScope,
  rows: { notes: DisplayNoteRow[]; contents: DisplaySlideRow[]; alerts: AlertRow[] },
  live: { transit: string | null; weather: string | null },
  at: Date,
): BuiltContent {
  const { ancestry, masterSlots, masterId } = scope;
  const now = at.getTime();
  const { notes: noteRows, contents: contentRows, alerts: alertRows } = rows;

  let changesAt: number | null = null;
  const later = (t: number) => {
    if (t > now && (changesAt === null || t < changesAt)) changesAt = t;
  };

  const notes: DisplayContent['notes'] = [];
  // Board order is common's compareNotes, the one implementation the console and the player use too.
  for (const row of [...noteRows].sort(compareNotes)) {
    const state = noteState(row, at);
    if (state === 'expired') continue;
    later(row.date.getTime());
    if (row.end) later(row.end.getTime() + 1);
    // The player switches windows itself; the answer changes only when the schedule runs out.
    if (row.schedule) later(nextScheduleBoundary(row.schedule, now) ?? 0);
    notes.push({
      id: row.id,
      entityId: row.entityId,
      text: row.text,
      icon: expectOneOf(NOTE_ICONS, row.icon, 'a note icon'),
      iconColor: row.iconColor,
      date: row.date.toISOString(),
      end: row.end ? row.end.toISOString() : null,
      sticky: row.sticky,
      state,
      schedule: row.schedule ?? null,
    });
  }

  const bySlot: Record<ContentSlot, DisplaySlide[]> = {
    banner: [],
    partnerLogo: [],
    adsSmall: [],
    adsLarge: [],
  };
  for (const content of contentRows) {
    // The master's own banners stay on the master display; only its ads reach others.
    if (content.entityId === masterId && !ancestry.includes(masterId) && !masterSlots.includes(content.slot))
      continue;
    if (content.end && content.end.getTime() < now) continue;
    if (content.schedule && isScheduleOver(content.schedule, now)) continue;
    if (content.schedule) later(nextScheduleBoundary(content.schedule, now) ?? 0);
    later(content.start.getTime());
    if (content.end) later(content.end.getTime() + 1);
    bySlot[content.slot].push(
      slideOf(content, masterId !== null && !ancestry.includes(masterId) ? masterId : null),
    );
  }

  // Alerts in force: a screen that (re)connects shows one still active; its expiry ends the ETag too.
  for (const alert of alertRows) if (alert.expiresAt) later(alert.expiresAt.getTime());

  const fallbackText = chain.find((e) => e.bannerFallbackText?.trim())?.bannerFallbackText ?? null;
  const payload: DisplayContent = {
    notes,
    banners: bySlot.banner,
    fallback: fallbackText ? [{ type: 'text', text: fallbackText }] : [],
    partnerLogo: bySlot.partnerLogo,
    adsSmall: bySlot.adsSmall,
    adsLarge: bySlot.adsLarge,
    transit: cachedAs(transitDeparturesSchema, live.transit),
    weather: cachedAs(weatherForecastSchema, live.weather),
    alerts: alertRows.map(presentAlert),
  };
  const body = JSON.stringify(payload);
  return { body, etag: etagOf(body), changesAt };
}

/**
 * The snapshot key: the chain's version plus a digest of the cached live data it is built from
 * (nothing hashed when there is none).
 */
export function memoKey(version: string, live: RawLiveData): string {
  if (live.weather === null && live.transit.every((t) => t === null)) return version;
  const hash = createHash('sha1');
  for (const t of live.transit) hash.update(t ?? '').update('\0');
  return `${version}|${hash.update(live.weather ?? '').digest('base64url')}`;
}
