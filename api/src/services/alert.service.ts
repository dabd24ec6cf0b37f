import type { Actor, AlertInput } from '@oppslag/common';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { alerts, entities } from '../db/schema/index';
import { invalidField, notFound } from '../errors';
import { type AlertRow, presentAlert } from '../presenters/alert.presenter';
import { recordEvent } from './events.service';
import { alertSms, queueMemberSms } from './sms-member-notice.service';

/** In force at `now`: not cleared and not expired (the SQL twin of common's `alertActive`). */
const inForce = (now: Date) =>
  and(isNull(alerts.clearedAt), or(isNull(alerts.expiresAt), gt(alerts.expiresAt, now)));

/** Alerts in force on any of the entities (a chain: the entity and its ancestors), newest first. */
export async function activeAlerts(
  db: Db | Tx,
  entityIds: readonly number[],
  now: Date,
): Promise<AlertRow[]> {
  if (entityIds.length === 0) return [];
  return db
    .select()
    .from(alerts)
    .where(and(inArray(alerts.entityId, [...entityIds]), inForce(now)))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
}

/**
 * Raises an alert on an entity. The `alert.raised` event in the same transaction reaches every
 * display below the entity (their audience room); the SMS to the chain's notification members are
 * outbound rows of the same transaction (queued before the event: cap locks come first).
 */
export async function raiseAlert(
  tx: Tx,
  entityId: number,
  input: AlertInput,
  actor: Actor,
  now: Date,
): Promise<AlertRow> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw invalidField({ path: 'expiresAt', code: 'in_past' }, 'Expiry must be in the future');
  const [row] = await tx
    .insert(alerts)
    .values({
      entityId,
      template: input.template ?? null,
      title: input.title || null,
      text: input.text || null,
      fromTime: input.from ?? null,
      toTime: input.to ?? null,
      expiresAt,
      createdBy: actor.id,
      createdAt: now,
    })
    .returning();
  const alert = presentAlert(row);
  const [entity] = await tx.select({ name: entities.name }).from(entities).where(eq(entities.id, entityId));
  await queueMemberSms(
    tx,
    { entityId, key: `alert:${row.id}`, kind: 'alert' },
    (language) => alertSms(language, entity?.name ?? '', alert),
    now,
  );
  await recordEvent(tx, {
    type: 'alert.raised',
    entityId,
    data: { id: row.id, alert },
    actorId: actor.id,
  });
  return row;
}

/**
 * All clear. Only through the alert's own entity (an id of another entity's alert under one's own
 * path is 404), and only while it is not cleared yet.
 */
export async function clearAlert(
  tx: Tx,
  entityId: number,
  alertId: number,
  actor: Actor,
  now: Date,
): Promise<AlertRow> {
  const [row] = await tx
    .update(alerts)
    .set({ clearedAt: now, clearedBy: actor.id })
    .where(and(eq(alerts.id, alertId), eq(alerts.entityId, entityId), isNull(alerts.clearedAt)))
    .returning();
  if (!row) throw notFound('Alert');
  await recordEvent(tx, {
    type: 'alert.cleared',
    entityId,
    data: { id: row.id, alert: presentAlert(row) },
    actorId: actor.id,
  });
  return row;
}
