import { ALERT_TEMPLATES, type Alert } from '@oppslag/common';
import { expectOneOf } from '@oppslag/common/one-of.ts';
import type { alerts } from '../db/schema/index';

export type AlertRow = typeof alerts.$inferSelect;

/** The only way an alert row leaves the API, the gateway and the outbox (one shape for consoles and screens). */
export function presentAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    entityId: row.entityId,
    template: row.template === null ? null : expectOneOf(ALERT_TEMPLATES, row.template, 'an alert template'),
    title: row.title,
    text: row.text,
    from: row.fromTime,
    to: row.toTime,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    clearedAt: row.clearedAt ? row.clearedAt.toISOString() : null,
  };
}
