import type { TransitStop } from '@oppslag/common';
import type { transitStops } from '../db/schema/index';
export declare function presentTransitStop(row: typeof transitStops.$inferSelect): TransitStop;
