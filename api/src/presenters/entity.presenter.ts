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
