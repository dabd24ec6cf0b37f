import {
  CONTENT_SLOTS,
  DISPLAY_MODULES,
  type DisplayManifest,
  type FeatureSet,
  resolveQuietHours,
  resolveServices,
  TIME_ZONE,
} from '@oppslag/common';
import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { transitStops } from '../db/schema/index';
import { encodeDisplayId } from '../lib/hashids';
import type { EntityRow } from '../presenters/entity.presenter';
import { nearestOrganization } from './entity-chain.service';
import { nearestOncePerStop } from './transit-stop.service';

/** The first non-empty value of a field walking up the chain (the entity's own first). */
function nearest<K extends keyof EntityRow>(chain: readonly EntityRow[], key: K): EntityRow[K] | null {
  for (const e of chain) {
    const v = e[key];
    if (v !== null && v !== undefined && v !== '') return v;
  }
  return null;
}

/** The column's default: a row still holding it has not chosen a note board colour of its own. */
export const DEFAULT_NOTE_BOARD_COLOR = '#e0d6d0';

/**
 * The note board colour a display shows (issue 12 item 9): its own if it set one, else the nearest
 * ancestor's (the organization sets it once for all its screens), else the default. The column is
 * NOT NULL with a default, so "not set" is the default value; a display that wants exactly the
 * default while its organization has another colour cannot say so until the column allows null.
 */
export function noteBoardColor(chain: readonly EntityRow[]): string {
  for (const e of chain) {
    const v = e.noteBoardBackgroundColor;
    if (v && v.toLowerCase() !== DEFAULT_NOTE_BOARD_COLOR) return v;
  }
  return DEFAULT_NOTE_BOARD_COLOR;
}

export type ManifestStop = DisplayManifest['transitStops'][number];

/** Transit stops of the display and its ancestors, nearest first, one per stop id. */
export async function chainTransitStops(tx: Tx, chain: readonly EntityRow[]): Promise<ManifestStop[]> {
  const ids = chain.map((e) => e.id);
  const rows = await tx
    .select({
      id: transitStops.id,
      entityId: transitStops.entityId,
      stopId: transitStops.stopId,
      label: transitStops.label,
    })
    .from(transitStops)
    .where(inArray(transitStops.entityId, ids))
    .orderBy(asc(transitStops.id));
  return nearestOncePerStop(rows, ids);
}

export interface ManifestOptions {
  featureSet: FeatureSet;
  smsNumber: string;
  hashidAlphabet?: string;
}

/**
 * Spec §3's manifest for a display, from its chain (display first). Where the display leaves a
 * field empty — code word, display information, banner fallback text — the nearest ancestor's value
 * is used, so an organization sets them once for all its screens.
 */
export function buildManifest(
  chain: readonly EntityRow[],
  stops: ManifestStop[],
  opts: ManifestOptions,
): DisplayManifest {
  const display = chain[0];
  const organization = nearestOrganization(chain);
  const services = resolveServices(chain);
  return {
    displayId: encodeDisplayId(display.id, opts.hashidAlphabet),
    entityId: display.id,
    name: display.name,
    codeWord: nearest(chain, 'codeWord'),
    showCodeWord: display.showCodeWord,
    smsNumber: opts.smsNumber,
    timeZone: TIME_ZONE,
    displayInformation: nearest(chain, 'displayInformation'),
    layout: opts.featureSet.layout,
    orientation: display.orientation,
    modules: DISPLAY_MODULES.filter((name) => services[name]).map((name) => ({ name })),
    fallback: nearest(chain, 'bannerFallbackText'),
    display: {
      id: display.id,
      name: display.name,
      noteBoardBackgroundColor: noteBoardColor(chain),
      bannerFallbackText: display.bannerFallbackText,
      orientation: display.orientation,
      largePrint: nearest(chain, 'largePrint') ?? false,
    },
    organization: organization && {
      id: organization.id,
      name: organization.name,
      noteBoardBackgroundColor: organization.noteBoardBackgroundColor,
      orgnum: organization.orgnum,
      street: organization.street,
      zip: organization.zip,
      city: organization.city,
      phoneNumber: organization.phoneNumber,
      displayInformation: organization.displayInformation,
      latitude: organization.latitude,
      longitude: organization.longitude,
    },
    transitStops: stops,
    quietHours: resolveQuietHours(chain),
    featureSet: {
      name: opts.featureSet.name,
      slots: Object.fromEntries(
        CONTENT_SLOTS.map((s) => [s, { ...opts.featureSet.slots[s] }]),
      ) as DisplayManifest['featureSet']['slots'],
    },
  };
}
