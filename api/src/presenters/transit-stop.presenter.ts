import type { AppliedTransitStop, TransitStop } from '@oppslag/common';
import type { transitStops } from '../db/schema/index';
import type { AppliedStopRow } from '../services/transit-stop.service';

export function presentTransitStop(row: typeof transitStops.$inferSelect): TransitStop {
  return {
    id: row.id,
    entityId: row.entityId,
    stopId: row.stopId,
    label: row.label,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** A stop of the list answer: an inherited one names the ancestor it comes from. */
export function presentAppliedTransitStop(row: AppliedStopRow): AppliedTransitStop {
  const stop = presentTransitStop(row);
  return row.inheritedFrom ? { ...stop, inheritedFrom: { ...row.inheritedFrom } } : stop;
}
