import type { Actor, AdminDisplayItem } from '@oppslag/common';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities, installation } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { AppError, badRequest } from '../errors';
import { encodeDisplayId } from '../lib/hashids';
import { presentHealthSummary } from '../presenters/display-health.presenter';
import type { EntityRow } from '../presenters/entity.presenter';
import { readHealthSummaries } from './display-health-query.service';
import { recordEvent } from './events.service';
import { isOnline } from './presence.service';

const MAX_ID = 2147483647;

/**
 * Every live display with its organization (the nearest organization above it) and its state:
 * `registered` once it has registered with its API key, `onlineStatus` from the presence store
 * (null while unregistered, spec §4: "unregistered shows neither state").
 */
export async function listAdminDisplays(tx: Tx, deps: AppDeps): Promise<AdminDisplayItem[]> {
  const rows = await tx
    .select({
      id: entities.id,
      name: entities.name,
      type: entities.type,
      parentId: entities.parentId,
      codeWord: entities.codeWord,
      registeredAt: entities.registeredAt,
    })
    .from(entities)
    .where(eq(entities.deleted, false))
    .orderBy(asc(entities.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const displays = rows.filter((r) => r.type === 'display');
  const online = await isOnline(
    deps.redis,
    deps.config.redisPrefix,
    displays.filter((d) => d.registeredAt !== null).map((d) => d.id),
  );
  const health = await readHealthSummaries(
    tx,
    displays.map((d) => d.id),
    deps.now(),
  );
  return displays.map((d) => {
    let org = d.parentId === null ? undefined : byId.get(d.parentId);
    for (let hops = 0; org && org.type !== 'organization' && hops < 64; hops++)
      org = org.parentId === null ? undefined : byId.get(org.parentId);
    const registered = d.registeredAt !== null;
    return {
      entity: {
        id: d.id,
        name: d.name,
        parentId: d.parentId,
        codeWord: d.codeWord,
        organization: org?.type === 'organization' ? { id: org.id, name: org.name } : null,
        displayId: encodeDisplayId(d.id, deps.config.hashidAlphabet),
      },
      display: { onlineStatus: registered ? online.has(d.id) : null, registered },
      health: presentHealthSummary(health.get(d.id), online.has(d.id)),
    };
  });
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
  if (!installed) throw new AppError(404, 'not_installed', 'The system is not installed');
  const rows = await tx
    .select()
    .from(entities)
    .where(inArray(entities.id, [installed.rootEntityId, installed.masterDisplayId]));
  const entity = rows.find((r) => r.id === installed.rootEntityId);
  const display = rows.find((r) => r.id === installed.masterDisplayId);
  if (!entity || !display) throw new AppError(404, 'not_found', 'The master display is missing');
  return { entity, display };
}
