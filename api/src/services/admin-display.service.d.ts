import type { Actor, AdminDisplayItem } from '@oppslag/common';
import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';
import type { EntityRow } from '../presenters/entity.presenter';
/**
 * Every live display with its organization (the nearest organization above it) and its state:
 * `registered` once it has registered with its API key, `onlineStatus` from the presence store
 * (null while unregistered, spec §4: "unregistered shows neither state").
 */
export declare function listAdminDisplays(tx: Tx, deps: AppDeps): Promise<AdminDisplayItem[]>;
/**
 * Tells displays to reload (the "Update all / Update selected" buttons): one `display.command`
 * event per display, delivered by the relay and the realtime gateway. Unknown or non-display ids
 * reject the whole request so a typo never silently updates fewer screens than asked.
 */
export declare function commandDisplays(tx: Tx, target: 'all' | number[], actor: Actor): Promise<number>;
/** The root entity and the master display made by install; 404 before install. */
export declare function getMaster(tx: Tx): Promise<{
  entity: EntityRow;
  display: EntityRow;
}>;
