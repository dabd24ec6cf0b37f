import type { Alert, AlertTemplate } from '@oppslag/common';
import type { alerts } from '../db/schema/index';

export type AlertRow = typeof alerts.$inferSelect;

/** The only way an alert row leaves the API, the gateway and the outbox (one shape for consoles and screens). */
export function presentAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    entityId: row.entityId,
    template: (row.template as AlertTemplate | null) ?? null,
    title: row.title,
    text: row.text,
    from: row.fromTime,
    to: row.toTime,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    clearedAt: row.clearedAt ? row.clearedAt.toISOString() : null,
  };
}
