import { MAX_SMS_NOTIFICATION_MEMBERS, TIME_ZONE } from '@oppslag/common';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, eq, gte, inArray, isNotNull, like, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities, permissions, smsCapNotices, smsOptOuts, smsOutbound, users } from '../db/schema/index';
import { recordEvent } from './events.service';
import { smsTexts } from './sms-texts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * What an outbound SMS is. `reply_*` go to residents and count against the per-number daily limit;
 * every kind but `cap_notice` counts against the organization's monthly budget.
 */
export type SmsOutboundKind =
  | 'reply_published'
  | 'reply_pending'
  | 'reply_approved'
  | 'reply_rejected'
  | 'reply_help'
  | 'reply_started'
  | 'approval_request'
  | 'code_answer'
  | 'cap_notice';

/** Statuses of a message that went, or may have gone, out: they use up the caps. */
const COUNTED = ['queued', 'sending', 'sent', 'unknown'];

/** Defaults for messages that belong to no organization (an unknown code word). */
export const DEFAULT_SMS_DAILY_REPLY_LIMIT = 5;

export interface SmsScope {
  /** The entity the message is about (the code word's entity, the note's entity). */
  entityId: number | null;
  /** The organization whose budget and daily limit apply (nearest organization up the chain). */
  organization: { id: number; name: string; dailyLimit: number; budget: number } | null;
}

/** The nearest organization of an entity's ancestry (the entity itself first), with its SMS caps. */
export async function smsScopeOf(tx: Tx, ancestry: number[] | null): Promise<SmsScope> {
  if (!ancestry || ancestry.length === 0) return { entityId: null, organization: null };
  const rows = await tx
    .select({
      id: entities.id,
      name: entities.name,
      type: entities.type,
      dailyLimit: entities.smsDailyReplyLimit,
      budget: entities.smsMonthlyBudget,
    })
    .from(entities)
    .where(inArray(entities.id, ancestry));
  rows.sort((a, b) => ancestry.indexOf(a.id) - ancestry.indexOf(b.id));
  const org = rows.find((r) => r.type === 'organization');
  return {
    entityId: ancestry[0],
    organization: org ? { id: org.id, name: org.name, dailyLimit: org.dailyLimit, budget: org.budget } : null,
  };
}

/** The members to tell by SMS about an entity: SMS notifications on, a phone number; at most two. */
export async function smsNotificationMembers(tx: Tx, ancestry: number[]) {
  const rows = await tx
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
  return rows
    .filter((r) => !seen.has(r.userId) && seen.add(r.userId))
    .slice(0, MAX_SMS_NOTIFICATION_MEMBERS)
    .map((r) => ({ ...r, phone: r.phone as string }));
}

const osloDay = (now: Date) => dayjs(now).tz(TIME_ZONE).startOf('day');
const osloMonth = (now: Date) => dayjs(now).tz(TIME_ZONE).startOf('month');

/** Serializes decisions about one key (a number, an organization) until the transaction ends. */
const lock = (tx: Tx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

export interface QueueSmsInput {
  /** Derived from the triggering event, e.g. `reply:{smsMessageId}`: the message exists once. */
  key: string;
  kind: SmsOutboundKind;
  to: string;
  text: string;
  scope: SmsScope;
}

export type QueueSmsResult =
  | { status: 'queued'; id: number }
  | { status: 'duplicate'; id: number }
  | { status: 'suppressed'; id: number; reason: 'opted_out' | 'daily_limit' | 'monthly_budget' };

/**
 * Records one outbound SMS in the caller's transaction and, when it may go out, the
 * `sms.outboundQueued` event from which the relay starts the `sms/send` job. A repeated key records
 * nothing. STOP and the caps are decided here, under advisory locks on the number and the
 * organization, so two messages processed at once cannot both take the last slot; a suppressed
 * message is kept (with its reason) so it is decided once. Reaching a cap tells the board once per
 * period.
 */
export async function queueSms(tx: Tx, input: QueueSmsInput, now: Date): Promise<QueueSmsResult> {
  const existing = async () => {
    const [row] = await tx
      .select({ id: smsOutbound.id })
      .from(smsOutbound)
      .where(eq(smsOutbound.idempotencyKey, input.key));
    return row;
  };
  const found = await existing();
  if (found) return { status: 'duplicate', id: found.id };
  const org = input.scope.organization;
  await lock(tx, `sms-to:${input.to}`);
  if (org) await lock(tx, `sms-org:${org.id}`);
  const suppress = async (
    reason: 'opted_out' | 'daily_limit' | 'monthly_budget',
  ): Promise<QueueSmsResult> => {
    const [row] = await insert('suppressed', reason);
    return row
      ? { status: 'suppressed', id: row.id, reason }
      : { status: 'duplicate', id: (await existing()).id };
  };
  const insert = (status: string, reason: string | null) =>
    tx
      .insert(smsOutbound)
      .values({
        idempotencyKey: input.key,
        kind: input.kind,
        to: input.to,
        text: input.text,
        entityId: input.scope.entityId,
        organizationId: org?.id ?? null,
        status,
        reason,
        createdAt: now,
      })
      .onConflictDoNothing({ target: smsOutbound.idempotencyKey })
      .returning({ id: smsOutbound.id });

  const [optedOut] = await tx.select().from(smsOptOuts).where(eq(smsOptOuts.number, input.to));
  if (optedOut) return suppress('opted_out');

  if (input.kind.startsWith('reply_')) {
    const dayStart = osloDay(now);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(smsOutbound)
      .where(
        and(
          eq(smsOutbound.to, input.to),
          like(smsOutbound.kind, 'reply\\_%'),
          inArray(smsOutbound.status, COUNTED),
          gte(smsOutbound.createdAt, dayStart.toDate()),
        ),
      );
    const limit = org?.dailyLimit ?? DEFAULT_SMS_DAILY_REPLY_LIMIT;
    if (count >= limit) {
      await noteCapReached(tx, org?.id ?? 0, `daily:${input.to}:${dayStart.format('YYYY-MM-DD')}`, now);
      return suppress('daily_limit');
    }
  }

  if (org && input.kind !== 'cap_notice') {
    const monthStart = osloMonth(now);
    const count = await monthlyUse(tx, org.id, monthStart.toDate());
    if (count >= org.budget) {
      const period = `budget:${monthStart.format('YYYY-MM')}`;
      if (await noteCapReached(tx, org.id, period, now)) await tellBoardBudgetReached(tx, org, period, now);
      return suppress('monthly_budget');
    }
  }

  const [row] = await insert('queued', null);
  if (!row) return { status: 'duplicate', id: (await existing()).id };
  await recordEvent(tx, {
    type: 'sms.outboundQueued',
    entityId: input.scope.entityId,
    data: { outboundId: row.id },
  });
  return { status: 'queued', id: row.id };
}

/** Records that a cap was reached in a period; true the first time (so the board is told once). */
async function noteCapReached(tx: Tx, organizationId: number, period: string, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(smsCapNotices)
    .values({ organizationId, period, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: smsCapNotices.id });
  return inserted.length > 0;
}

/**
 * The monthly budget is used up: the organization's notification members get one SMS saying so
 * (exempt from the budget it reports, once per month by its key); the console shows the same from
 * `smsUsage`.
 */
async function tellBoardBudgetReached(
  tx: Tx,
  org: NonNullable<SmsScope['organization']>,
  period: string,
  now: Date,
): Promise<void> {
  const scope: SmsScope = { entityId: org.id, organization: org };
  for (const member of await smsNotificationMembers(tx, [org.id])) {
    await queueSms(
      tx,
      {
        key: `cap:${org.id}:${period}:${member.userId}`,
        kind: 'cap_notice',
        to: member.phone,
        text: smsTexts(member.language).budgetReached(org.name, org.budget),
        scope,
      },
      now,
    );
  }
}

/** STOP: no more SMS to this number until START. Returns whether it changed anything. */
export async function optOut(tx: Tx, number: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(smsOptOuts)
    .values({ number, optedOutAt: now })
    .onConflictDoNothing()
    .returning({ number: smsOptOuts.number });
  return rows.length > 0;
}

/** START: SMS to this number again. Returns whether the number had opted out. */
export async function optIn(tx: Tx, number: string): Promise<boolean> {
  const rows = await tx
    .delete(smsOptOuts)
    .where(eq(smsOptOuts.number, number))
    .returning({ number: smsOptOuts.number });
  return rows.length > 0;
}

export interface OrganizationSmsUsage {
  month: string;
  used: number;
  budget: number;
  dailyReplyLimit: number;
  budgetReached: boolean;
  /** Numbers that reached the daily reply limit today (Oslo). */
  dailyLimitReached: string[];
}

/**
 * What counts toward an organization's monthly budget since `from`: every message that went, or may
 * have gone, out, except the cap notice itself. One rule for the cap and the console's figure.
 */
async function monthlyUse(tx: Tx, organizationId: number, from: Date): Promise<number> {
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(smsOutbound)
    .where(
      and(
        eq(smsOutbound.organizationId, organizationId),
        inArray(smsOutbound.status, COUNTED),
        sql`${smsOutbound.kind} <> 'cap_notice'`,
        gte(smsOutbound.createdAt, from),
      ),
    );
  return count;
}

/** This month's SMS use of an organization and the caps reached, for the console's warning. */
export async function smsUsage(
  tx: Tx,
  org: NonNullable<SmsScope['organization']>,
  now: Date,
): Promise<OrganizationSmsUsage> {
  const month = osloMonth(now);
  const day = osloDay(now);
  const used = await monthlyUse(tx, org.id, month.toDate());
  const notices = await tx
    .select({ period: smsCapNotices.period })
    .from(smsCapNotices)
    .where(and(eq(smsCapNotices.organizationId, org.id), gte(smsCapNotices.createdAt, month.toDate())));
  const today = `:${day.format('YYYY-MM-DD')}`;
  return {
    month: month.format('YYYY-MM'),
    used,
    budget: org.budget,
    dailyReplyLimit: org.dailyLimit,
    budgetReached: used >= org.budget,
    dailyLimitReached: notices
      .filter((n) => n.period.startsWith('daily:') && n.period.endsWith(today))
      .map((n) => n.period.slice('daily:'.length, -today.length)),
  };
}
