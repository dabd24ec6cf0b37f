import type { Actor, Entity, Permission } from '@oppslag/common';
import type { entities } from '../db/schema/index';
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
export declare function presentEntity(row: EntityRow, p: EntityPresentation): Entity;
