import {
  type AppDeps,
  entities,
  getAncestry,
  notes,
  permissions,
  smsMessages,
  users,
} from '@oppslag/api/core';
import { MAX_SMS_NOTIFICATION_MEMBERS, type OutboxEvent } from '@oppslag/common';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { SmsProvider } from '../sms/providers/index';
import { splitCodeWord } from './sms-text';

const SNIPPET_MAX = 100;
const NOTIFIED_TTL_SECONDS = 7 * 24 * 3600;

function message(language: string, entityName: string, text: string): string {
  const snippet = text.length > SNIPPET_MAX ? `${text.slice(0, SNIPPET_MAX - 1)}…` : text;
  return language === 'en'
    ? `New SMS note for ${entityName} awaits approval: "${snippet}"`
    : `Ny SMS-melding til ${entityName} venter på godkjenning: "${snippet}"`;
}

/**
 * The members to tell about an entity (a pending note, an alert, a dark screen): those with SMS
 * notifications on, on the entity or an ancestor (closest first), with a phone number; at most two,
 * the product's limit.
 */
export async function recipients(deps: AppDeps, ancestry: number[]) {
  const rows = await deps.database.db
    .select({
      userId: users.id,
      phone: users.phoneNumber,
      language: users.language,
      entityId: permissions.entityId,
      grantId: permissions.id,
    })
    .from(permissions)
    .innerJoin(users, eq(users.id, permissions.userId))
    .where(
      and(
        inArray(permissions.entityId, ancestry),
        eq(permissions.smsNotifications, true),
        isNotNull(users.phoneNumber),
      ),
    );
  rows.sort((a, b) => ancestry.indexOf(a.entityId) - ancestry.indexOf(b.entityId) || a.grantId - b.grantId);
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.userId) && seen.add(r.userId)).slice(0, MAX_SMS_NOTIFICATION_MEMBERS);
}

/**
 * Side effect of `note.created`: an SMS note waiting for approval is announced by SMS to the
 * entity's notification members. A Redis marker per (note, member) makes a redelivered event send
 * nothing twice; a failed send clears its marker and fails the job so BullMQ retries it.
 */
export async function notifyPendingSmsNote(
  deps: AppDeps,
  provider: SmsProvider,
  event: OutboxEvent,
): Promise<number> {
  if (event.type !== 'note.created') return 0;
  const data = event.data;
  if (data.note.source !== 'sms' || data.note.approved) return 0;
  const db = deps.database.db;
  const [note] = await db
    .select({
      id: notes.id,
      entityId: notes.entityId,
      approved: notes.approved,
      smsText: smsMessages.text,
      entityName: entities.name,
    })
    .from(notes)
    .innerJoin(entities, eq(entities.id, notes.entityId))
    .leftJoin(smsMessages, eq(smsMessages.id, notes.smsMessageId))
    .where(eq(notes.id, data.id));
  // Approved (or deleted) in the meantime: nobody needs to be asked any more.
  if (!note || note.approved) return 0;
  const ancestry = await getAncestry(db, note.entityId);
  if (!ancestry) return 0;
  const text = splitCodeWord(note.smsText ?? '').rest;
  let sent = 0;
  for (const member of await recipients(deps, ancestry)) {
    const marker = `${deps.config.redisPrefix}:sms-notified:${note.id}:${member.userId}`;
    const fresh = await deps.redis.set(marker, '1', 'EX', NOTIFIED_TTL_SECONDS, 'NX');
    if (!fresh) continue;
    try {
      await provider.send(member.phone as string, message(member.language, note.entityName, text));
      sent++;
    } catch (err) {
      await deps.redis.del(marker).catch(() => undefined);
      throw err;
    }
  }
  return sent;
}
