import {
  type Actor,
  type AutoApproveNumberInput,
  addDays,
  DEFAULT_COUNTRY,
  instantOfDate,
  normalizePhone,
} from '@oppslag/common';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { autoApproveNumbers } from '../../db/schema/index';
import { invalidField, notFound } from '../../errors';
import { recordEvent } from '../../services/events.service';

type Row = typeof autoApproveNumbers.$inferSelect;

/** A bare date means "valid through that day" in the product's time zone: until 1 ms before its next midnight. */
export function parseExpiration(value: string | null | undefined): Date | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(instantOfDate(addDays(value, 1)) - 1);
  return new Date(value);
}

function normalizedNumber(input: AutoApproveNumberInput): string {
  const normalized = normalizePhone(input.number, input.country ?? DEFAULT_COUNTRY);
  if (normalized === null)
    throw invalidField({ path: 'number', code: 'required' }, 'Phone number is required');
  if (normalized === undefined)
    throw invalidField(
      {
        path: 'number',
        code: 'invalid_phone',
        params: { country: (input.country ?? DEFAULT_COUNTRY).toUpperCase() },
      },
      'Phone number is not valid for the selected country',
    );
  return normalized;
}

/**
 * The same number twice on one entity is refused (issue 31 item 7): the list would show two rows
 * that mean one thing, and removing one would leave the number approved.
 */
async function assertNumberFree(tx: Tx, entityId: number, number: string, exceptId?: number): Promise<void> {
  const [twin] = await tx
    .select({ id: autoApproveNumbers.id })
    .from(autoApproveNumbers)
    .where(
      and(
        eq(autoApproveNumbers.entityId, entityId),
        eq(autoApproveNumbers.number, number),
        exceptId === undefined ? undefined : ne(autoApproveNumbers.id, exceptId),
      ),
    );
  if (twin) throw invalidField({ path: 'number', code: 'taken' }, 'This number is on the list already');
}

/** An expiry already past would approve nothing: refused, as a past "until" of a schedule is. */
function checkExpiry(expiration: Date | null, now: Date): Date | null {
  if (expiration && expiration < now)
    throw invalidField({ path: 'expirationDate', code: 'in_past' }, 'The expiration date has passed');
  return expiration;
}

export async function listAutoApproveNumbers(tx: Tx, entityId: number): Promise<Row[]> {
  return tx
    .select()
    .from(autoApproveNumbers)
    .where(eq(autoApproveNumbers.entityId, entityId))
    .orderBy(asc(autoApproveNumbers.description), asc(autoApproveNumbers.id));
}

export async function createAutoApproveNumber(
  tx: Tx,
  entityId: number,
  input: AutoApproveNumberInput,
  actor: Actor,
  now = new Date(),
): Promise<Row> {
  const number = normalizedNumber(input);
  await assertNumberFree(tx, entityId, number);
  const [row] = await tx
    .insert(autoApproveNumbers)
    .values({
      entityId,
      number,
      description: input.description,
      expirationDate: checkExpiry(parseExpiration(input.expirationDate), now),
    })
    .returning();
  await recordEvent(tx, {
    type: 'autoApproveNumber.changed',
    entityId,
    data: { action: 'created', id: row.id },
    actorId: actor.id,
  });
  return row;
}

export async function updateAutoApproveNumber(
  tx: Tx,
  entityId: number,
  id: number,
  input: AutoApproveNumberInput,
  actor: Actor,
  now = new Date(),
): Promise<Row> {
  const values: Partial<Row> = {
    number: normalizedNumber(input),
    description: input.description,
    updatedAt: now,
  };
  await assertNumberFree(tx, entityId, values.number ?? '', id);
  // An absent expirationDate leaves it as it is; null clears it.
  if (input.expirationDate !== undefined)
    values.expirationDate = checkExpiry(parseExpiration(input.expirationDate), now);
  const [row] = await tx
    .update(autoApproveNumbers)
    .set(values)
    .where(and(eq(autoApproveNumbers.id, id), eq(autoApproveNumbers.entityId, entityId)))
    .returning();
  if (!row) throw notFound('Auto-approve number');
  await recordEvent(tx, {
    type: 'autoApproveNumber.changed',
    entityId,
    data: { action: 'updated', id },
    actorId: actor.id,
  });
  return row;
}

export async function deleteAutoApproveNumber(
  tx: Tx,
  entityId: number,
  id: number,
  actor: Actor,
): Promise<void> {
  const deleted = await tx
    .delete(autoApproveNumbers)
    .where(and(eq(autoApproveNumbers.id, id), eq(autoApproveNumbers.entityId, entityId)))
    .returning({ id: autoApproveNumbers.id });
  if (deleted.length === 0) throw notFound('Auto-approve number');
  await recordEvent(tx, {
    type: 'autoApproveNumber.changed',
    entityId,
    data: { action: 'deleted', id },
    actorId: actor.id,
  });
}
