import type { Actor, AdminDisplayItem } from '@oppslag/common';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities, installation } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { AppError, badRequest } from '../errors';
import { encodeDisplayId } from '../lib/hashids';
import { presentHealthSummary } from '../presenters/display-health.presenter';
import type { EntityRow } from '../presenters/entity.presenter';
import { readAllHealthSummaries } from './display-health-query.service';
import { type EntityTree, entityTree } from './entity-tree.service';
import { recordEvent } from './events.service';
import { isOnline } from './presence.service';

const MAX_ID = 2147483647;

/** What the admin displays table shows of a display's entity, by the snapshot: kept as JSON per tree. */
interface DisplayEntry {
  id: number;
  registered: boolean;
  /** `JSON.stringify` of the item's `entity` (organization and display id included). */
  entityJson: string;
}

/** What the table's answer was last built from, and the answer. */
interface KeptTable {
  online: ReadonlySet<number>;
  /** Each reporting display's health summary as JSON. */
  health: Map<number, string>;
  body: Buffer;
}

/**
 * The displays of a snapshot, in id order, with their organizations: worked out once per tree;
 * with the last answer built from it (a superadmin's table is often asked for again unchanged).
 */
const entriesByTree = new WeakMap<
  EntityTree,
  { alphabet?: string; entries: DisplayEntry[]; kept?: KeptTable }
>();

function displayEntries(
  tree: EntityTree,
  alphabet: string | undefined,
): { alphabet?: string; entries: DisplayEntry[]; kept?: KeptTable } {
  const kept = entriesByTree.get(tree);
  if (kept && kept.alphabet === alphabet) return kept;
  const entries: DisplayEntry[] = [];
  for (const d of tree.rows) {
    if (d.type !== 'display') continue;
    // The nearest organization above (live parents only: the snapshot holds live rows).
    let org = d.parentId === null ? undefined : tree.byId.get(d.parentId);
    for (let hops = 0; org && org.type !== 'organization' && hops < 64; hops++)
      org = org.parentId === null ? undefined : tree.byId.get(org.parentId);
    const entity: AdminDisplayItem['entity'] = {
      id: d.id,
      name: d.name,
      parentId: d.parentId,
      codeWord: d.codeWord,
      organization: org?.type === 'organization' ? { id: org.id, name: org.name } : null,
      displayId: encodeDisplayId(d.id, alphabet),
    };
    entries.push({ id: d.id, registered: d.registeredAt !== null, entityJson: JSON.stringify(entity) });
  }
  const slot = { alphabet, entries };
  entriesByTree.set(tree, slot);
  return slot;
}

// The three display states, written once (keys in the order of the item's `display`).
const UNREGISTERED = JSON.stringify({ onlineStatus: null, registered: false });
const ONLINE = JSON.stringify({ onlineStatus: true, registered: true });
const OFFLINE = JSON.stringify({ onlineStatus: false, registered: true });

/**
 * Every live display with its organization (the nearest organization above it) and its state:
 * `registered` once it has registered with its API key, `onlineStatus` from the presence store
 * (null while unregistered, spec §4: "unregistered shows neither state"), and its health summary.
 * Written as JSON text: the displays come from the entity tree snapshot (entity-tree.service.ts,
 * no rows read when the table is unchanged) with each one's `entity` part kept per snapshot;
 * presence and health are read per request (they change without the tree changing). The text is
 * `JSON.stringify` of the items, byte for byte (admin.test.ts holds it to that).
 */
export async function listAdminDisplays(
  tx: Tx,
  deps: AppDeps,
  /** The table version when read with the user row already (auth.ts readSession). */
  entityTableVersion?: string,
): Promise<Buffer> {
  const tree = await entityTree(tx, entityTableVersion);
  const slot = displayEntries(tree, deps.config.hashidAlphabet);
  const { entries } = slot;
  const [online, health] = await Promise.all([
    isOnline(
      deps.redis,
      deps.config.redisPrefix,
      entries.filter((d) => d.registered).map((d) => d.id),
    ),
    readAllHealthSummaries(tx, deps.now()),
  ]);
  // Presence and health are per request; the answer is built again only when either differs from
  // what the kept one was built from (same snapshot, same online displays, same summaries).
  const summaries = new Map<number, string>();
  for (const d of entries) {
    const summary = presentHealthSummary(health.get(d.id), online.has(d.id));
    if (summary) summaries.set(d.id, JSON.stringify(summary));
  }
  const kept = slot.kept;
  if (kept && sameSet(kept.online, online) && sameMap(kept.health, summaries)) return kept.body;
  const parts: string[] = [];
  for (const d of entries) {
    const state = d.registered ? (online.has(d.id) ? ONLINE : OFFLINE) : UNREGISTERED;
    parts.push(`{"entity":${d.entityJson},"display":${state},"health":${summaries.get(d.id) ?? 'null'}}`);
  }
  const body = Buffer.from(`[${parts.join(',')}]`);
  slot.kept = { online, health: summaries, body };
  return body;
}

function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

function sameMap(a: ReadonlyMap<number, string>, b: ReadonlyMap<number, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, v] of a) if (b.get(id) !== v) return false;
  return true;
}

/**
 * Tells displays to reload (the "Update all / Update selected" buttons): one `display.command`
 * event per display, delivered by the relay and the realtime gateway. Unknown or non-display ids
 * reject the whole request so a typo never silently updates fewer screens than asked.
 */
export async function commandDisplays(tx: Tx, target: 'all' | number[], actor: Actor): Promise<number> {
  const base = and(eq(entities.type, 'display'), eq(entities.deleted, false));
  const wanted = target === 'all' ? null : [...new Set(target)];
  const rows = await tx
    .select({ id: entities.id })
    .from(entities)
    // Ids beyond the integer column's range cannot exist; leaving them out keeps PostgreSQL from a range error.
    .where(
      wanted
        ? and(
            base,
            inArray(
              entities.id,
              wanted.filter((id) => id <= MAX_ID),
            ),
          )
        : base,
    )
    .orderBy(asc(entities.id));
  if (wanted) {
    const found = new Set(rows.map((r) => r.id));
    const unknown = wanted.filter((id) => !found.has(id));
    if (unknown.length)
      throw badRequest(
        `Not displays: ${unknown.slice(0, 20).join(', ')}${unknown.length > 20 ? ', …' : ''}`,
        { details: { unknown }, fields: [{ path: 'entities', code: 'not_found', message: 'Not displays' }] },
      );
  }
  for (const { id } of rows) {
    await recordEvent(tx, {
      type: 'display.command',
      entityId: id,
      data: { command: 'reload' },
      actorId: actor.id,
    });
  }
  return rows.length;
}

/** The root entity and the master display made by install; 404 before install. */
export async function getMaster(tx: Tx): Promise<{ entity: EntityRow; display: EntityRow }> {
  const [installed] = await tx.select().from(installation).where(eq(installation.id, 1));
  if (!installed) throw new AppError('not_installed', 'The system is not installed');
  const rows = await tx
    .select()
    .from(entities)
    .where(inArray(entities.id, [installed.rootEntityId, installed.masterDisplayId]));
  const entity = rows.find((r) => r.id === installed.rootEntityId);
  const display = rows.find((r) => r.id === installed.masterDisplayId);
  if (!entity || !display) throw new AppError('not_found', 'The master display is missing');
  return { entity, display };
}
