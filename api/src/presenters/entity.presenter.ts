import type { Actor, Entity, Permission } from '@oppslag/common';
import type { entities } from '../db/schema/index';
import { encodeDisplayId } from '../lib/hashids';

export type EntityRow = typeof entities.$inferSelect;

export interface EntityPresentation {
  actor: Actor;
  /** config.hashidAlphabet */
  alphabet?: string;
  /** The actor's permissions on this entity, sent so the console can hide controls. */
  permissions?: readonly Permission[];
  /** Ids of displays currently online (from the presence store). */
  online?: ReadonlySet<number>;
}

/**
 * The only way an entity row leaves the API. The API key is shown to the superadmin alone; display
 * state says `registered` (has ever registered with its key) and `onlineStatus` (null until registered,
 * since "offline" only means something for a display that has been set up).
 */
export function presentEntity(row: EntityRow, p: EntityPresentation): Entity {
  const isDisplay = row.type === 'display';
  const registered = row.registeredAt !== null;
  const entity: Entity = {
    id: row.id,
    name: row.name,
    type: row.type,
    parentId: row.parentId,
    orgnum: row.orgnum,
    street: row.street,
    zip: row.zip,
    city: row.city,
    phoneNumber: row.phoneNumber,
    displayInformation: row.displayInformation,
    orientation: row.orientation,
    codeWord: row.codeWord,
    showCodeWord: row.showCodeWord,
    noteBoardBackgroundColor: row.noteBoardBackgroundColor,
    bannerFallbackText: row.bannerFallbackText,
    smsDailyReplyLimit: row.smsDailyReplyLimit,
    smsMonthlyBudget: row.smsMonthlyBudget,
    features: row.features,
    services: row.services,
    latitude: row.latitude,
    longitude: row.longitude,
    quietHours: row.quietHours ?? null,
    displayId: isDisplay ? encodeDisplayId(row.id, p.alphabet) : null,
    deleted: row.deleted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (p.actor.admin) entity.apiKey = row.apiKey;
  if (isDisplay) {
    entity.registered = registered;
    entity.onlineStatus = registered ? (p.online?.has(row.id) ?? false) : null;
  }
  if (p.permissions) entity.permissions = [...p.permissions];
  return entity;
}

/** The per-row part of presentEntity that depends on no viewer, as JSON text without its closing brace. */
function entityHeadJson(row: EntityRow, alphabet: string | undefined): string {
  const base = presentEntity(row, { actor: { id: 0, admin: false }, alphabet });
  delete base.registered;
  delete base.onlineStatus;
  return JSON.stringify(base).slice(0, -1);
}

const permissionsJson = new Map<readonly Permission[], string>();

/**
 * presentEntity for a whole list, written straight to JSON text: the same objects, keys in the same
 * order (presenter.test.ts holds it to `JSON.stringify(rows.map(presentEntity))`). The part of each
 * row that depends on no viewer is serialized once per row object and kept in `heads` (the entity
 * tree snapshot's memo), so a request only appends the viewer's parts: the API key for the
 * superadmin, the display's online state and the viewer's permissions.
 */
export function presentEntitiesJson(
  items: readonly { row: EntityRow; permissions?: readonly Permission[] }[],
  p: Omit<EntityPresentation, 'permissions'> & { heads?: WeakMap<EntityRow, string> },
): string {
  const parts: string[] = [];
  for (const { row, permissions } of items) {
    let head = p.heads?.get(row);
    if (head === undefined) {
      head = entityHeadJson(row, p.alphabet);
      p.heads?.set(row, head);
    }
    let json = head;
    if (p.actor.admin)
      json += row.apiKey === null ? ',"apiKey":null' : `,"apiKey":${JSON.stringify(row.apiKey)}`;
    if (row.type === 'display') {
      json +=
        row.registeredAt === null
          ? ',"registered":false,"onlineStatus":null'
          : `,"registered":true,"onlineStatus":${p.online?.has(row.id) ?? false}`;
    }
    if (permissions) {
      let perms = permissionsJson.get(permissions);
      if (perms === undefined) {
        perms = `,"permissions":${JSON.stringify(permissions)}`;
        if (permissionsJson.size < 64) permissionsJson.set(permissions, perms);
      }
      json += perms;
    }
    parts.push(`${json}}`);
  }
  return `[${parts.join(',')}]`;
}
