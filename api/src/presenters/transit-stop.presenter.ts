import type { TransitStop } from '@oppslag/common';
import type { transitStops } from '../db/schema/index';

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
