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
  /** The chain above a member's highest readable entity (see entitySchema.ancestors). */
  ancestors?: Entity['ancestors'];
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
    largePrint: row.largePrint,
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
  if (p.ancestors) entity.ancestors = p.ancestors;
  return entity;
}

const permissionListIds = new Map<string, number>();
const permissionListOf = new WeakMap<readonly Permission[], number>();
/** A number per distinct permission list (0 = none given); the lists per role are shared arrays. */
function permissionListId(permissions: readonly Permission[] | undefined): number {
  if (!permissions) return 0;
  let id = permissionListOf.get(permissions);
  if (id !== undefined) return id;
  const key = permissions.join(',');
  id = permissionListIds.get(key);
  if (id === undefined) {
    id = permissionListIds.size + 1;
    permissionListIds.set(key, id);
  }
  permissionListOf.set(permissions, id);
  return id;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * presentEntity for a whole list, written straight to JSON bytes: the same objects, keys in the
 * same order (entity-tree.test.ts holds it to `JSON.stringify(rows.map(presentEntity))`). Each row's
 * bytes are kept in `rows` (the entity tree snapshot's memo) per viewer variant (superadmin or not,
 * online state, permissions), so a request copies kept bytes instead of presenting, serializing
 * and UTF-8-encoding some hundred kilobytes again; the kept bytes go when the row object goes.
 */
export function presentEntitiesJson(
  items: readonly { row: EntityRow; permissions?: readonly Permission[]; ancestors?: Entity['ancestors'] }[],
  p: Omit<EntityPresentation, 'permissions' | 'ancestors'> & {
    rows?: WeakMap<EntityRow, Map<number, Buffer>>;
  },
): Buffer {
  const parts: Buffer[] = [OPEN];
  const admin = p.actor.admin ? 1 : 0;
  for (const { row, permissions, ancestors } of items) {
    if (parts.length > 1) parts.push(COMMA);
    // A member's highest entities (a few per user) carry their chain: presented each time, not kept.
    if (ancestors) {
      parts.push(Buffer.from(JSON.stringify(presentEntity(row, { ...p, permissions, ancestors }))));
      continue;
    }
    // The viewer variant as a small number: superadmin, online state, which permission list.
    const online = row.type === 'display' && row.registeredAt !== null ? (p.online?.has(row.id) ? 2 : 1) : 0;
    const variant = admin + online * 2 + permissionListId(permissions) * 8;
    let kept = p.rows?.get(row);
    if (!kept) {
      kept = new Map();
      p.rows?.set(row, kept);
    }
    let bytes = kept.get(variant);
    if (!bytes) {
      bytes = Buffer.from(JSON.stringify(presentEntity(row, { ...p, permissions })));
      kept.set(variant, bytes);
    }
    parts.push(bytes);
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}
