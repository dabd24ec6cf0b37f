import { MAX_SMS_NOTIFICATION_MEMBERS, TIME_ZONE } from '@oppslag/common';
import { defined } from '@oppslag/common/defined.ts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, eq, gte, isNotNull, like, sql } from 'drizzle-orm';
import { anyOf } from '../db/any-of';
import type { Tx } from '../db/client';
import { insertRows } from '../db/insert-rows';
import { entities, permissions, smsCapNotices, smsOptOuts, smsOutbound, users } from '../db/schema/index';
import { takeSmsLocks } from '../domain/sms/locks';
import { recordEvents } from './events.service';
import { optOutHash, optOutKeys } from './sms-privacy.service';
import { smsTexts } from './sms-texts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * What an outbound SMS is. Every SMS the product sends is one of these, recorded here first.
 * `reply_*` answer whoever texted in (residents, strangers: `reply_code` answers a JA/NEI whose code
 * is not that number's) and count against the organization's per-number daily limit; the member
 * kinds (approval requests, decision confirmations, alerts, dark screens) against the per-number
 * SMS_MEMBER_DAILY_LIMIT. Every kind but `cap_notice` counts against the monthly budget, and STOP
 * silences every kind (docs/architecture.md, "The SMS loop").
 */
export type SmsOutboundKind =
  | 'reply_published'
  | 'reply_pending'
  | 'reply_approved'
  | 'reply_rejected'
  | 'reply_help'
  | 'reply_started'
  | 'reply_code'
  | 'approval_request'
  | 'code_answer'
  | 'alert'
  | 'dark_screen'
  | 'cap_notice'
  | 'phone_verification';

/** The kinds that go to board members; they share one daily limit per number. */
const MEMBER_KINDS: readonly SmsOutboundKind[] = [
  'approval_request',
  'code_answer',
  'alert',
  'dark_screen',
  // A member's own number being confirmed: the member limit stops a code flood to someone's phone.
  'phone_verification',
];
/**
 * SMS per member number per Oslo day: high enough for a busy board day (every approval request and
 * alert), low enough that no chain of events can text a member's phone without end.
 */
export const SMS_MEMBER_DAILY_LIMIT = 100;

/** Which per-number daily limit a kind counts against (none for the cap notice). */
function dailyClassOf(kind: SmsOutboundKind): 'reply' | 'member' | null {
  if (kind.startsWith('reply_')) return 'reply';
  return MEMBER_KINDS.includes(kind) ? 'member' : null;
}

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
  const rows = await tx.select(scopeColumns).from(entities).where(anyOf(entities.id, ancestry));
  return scopeOfChain(ancestry, rows);
}

/** The entity columns a scope is made of (a batch loads them once for every ancestry it routes to). */
export const scopeColumns = {
  id: entities.id,
  name: entities.name,
  type: entities.type,
  dailyLimit: entities.smsDailyReplyLimit,
  budget: entities.smsMonthlyBudget,
};
export type ScopeEntity = { id: number; name: string; type: string; dailyLimit: number; budget: number };

/** `smsScopeOf` from entity rows already loaded (any superset of the ancestry's). */
export function scopeOfChain(ancestry: number[] | null, rows: Iterable<ScopeEntity>): SmsScope {
  if (!ancestry || ancestry.length === 0) return { entityId: null, organization: null };
  const byId = new Map<number, ScopeEntity>();
  for (const r of rows) byId.set(r.id, r);
  const org = ancestry.map((id) => byId.get(id)).find((r) => r?.type === 'organization');
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
        anyOf(permissions.entityId, ancestry),
        eq(permissions.smsNotifications, true),
        isNotNull(users.phoneNumber),
        // Only a number its member confirmed by SMS code (issue 28 item 5).
        isNotNull(users.phoneVerifiedAt),
      ),
    );
  rows.sort((a, b) => ancestry.indexOf(a.entityId) - ancestry.indexOf(b.entityId) || a.grantId - b.grantId);
  const seen = new Set<number>();
  return rows
    .filter((r) => !seen.has(r.userId) && seen.add(r.userId))
    .slice(0, MAX_SMS_NOTIFICATION_MEMBERS)
    .map((r) => ({ ...r, phone: defined(r.phone, 'a member phone') }));
}

/** The start of an Oslo day or month (as an instant) and its label ('2026-11-26', '2026-11'). */
interface Period {
  start: Date;
  label: string;
}

/**
 * The Oslo period an instant falls in, remembering the last one: time-zone arithmetic with dayjs
 * is slow (it formats the instant through Intl on every call; it was 6 % of the worker's CPU in a
 * backlog drain, called for every SMS queued). A remembered start is reused only for instants from
 * it up to `validMs` later, less than the shortest such period (a 23-hour day, a 28-day month), so
 * it is always the start of the period the instant is in.
 */
function periodOf(unit: 'day' | 'month', format: string, validMs: number) {
  let last: Period | null = null;
  return (now: Date): Period => {
    const t = now.getTime();
    if (last && t >= last.start.getTime() && t - last.start.getTime() < validMs) return last;
    const start = dayjs(now).tz(TIME_ZONE).startOf(unit);
    last = { start: start.toDate(), label: start.format(format) };
    return last;
  };
}
const HOUR_MS = 3600 * 1000;
export const osloDay = periodOf('day', 'YYYY-MM-DD', 22 * HOUR_MS);
const osloMonth = periodOf('month', 'YYYY-MM', 27 * 24 * HOUR_MS);

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
  const [result] = await queueSmsBatch(tx, [input], now);
  return result;
}

type Decision =
  | { status: 'queued' }
  | { status: 'suppressed'; reason: 'opted_out' | 'daily_limit' | 'monthly_budget' };

/**
 * `queueSms` for several messages at once, decided in the order given exactly as one call each
 * would decide them (a message counts against the caps of the ones after it), with the lookups
 * done once: the keys already recorded, every number's and organization's lock (taken in one
 * order: numbers, then organizations, each sorted, so two batches cannot deadlock on them), the
 * opt-outs, today's replies per number and this month's use per organization. Then one insert of
 * the messages and one of their events.
 */
export async function queueSmsBatch(
  tx: Tx,
  inputs: readonly QueueSmsInput[],
  now: Date,
): Promise<QueueSmsResult[]> {
  if (inputs.length === 0) return [];
  const keyed = async (keys: string[]) =>
    new Map(
      (
        await tx
          .select({ id: smsOutbound.id, key: smsOutbound.idempotencyKey })
          .from(smsOutbound)
          .where(anyOf(smsOutbound.idempotencyKey, keys))
      ).map((r) => [r.key, r.id]),
    );
  const recorded = await keyed([...new Set(inputs.map((i) => i.key))]);
  // The first of several inputs with one key decides; the others are its duplicates.
  const seen = new Set<string>();
  const fresh = inputs.filter((i) => !recorded.has(i.key) && !seen.has(i.key) && seen.add(i.key));
  const decisions = new Map<string, Decision>();
  if (fresh.length) {
    const { numbers, orgIds } = await takeSmsLocks(tx, { caps: fresh });
    // STOP of an erased number is kept as its hash only (sms-privacy.service.ts): both forms count.
    const stopped = new Set(
      (
        await tx
          .select({ number: smsOptOuts.number })
          .from(smsOptOuts)
          .where(anyOf(smsOptOuts.number, optOutKeys(numbers)))
      ).map((r) => r.number),
    );
    const optedOut = new Set(numbers.filter((n) => stopped.has(n) || stopped.has(optOutHash(n))));
    const dayStart = osloDay(now);
    const monthStart = osloMonth(now);
    const numbersOf = (cls: 'reply' | 'member') => [
      ...new Set(fresh.filter((i) => dailyClassOf(i.kind) === cls).map((i) => i.to)),
    ];
    const daily = {
      reply: await sentToday(tx, numbersOf('reply'), 'reply', dayStart.start),
      member: await sentToday(tx, numbersOf('member'), 'member', dayStart.start),
    };
    const monthly = await monthlyUseOf(tx, orgIds, monthStart.start);
    for (const input of fresh) {
      const org = input.scope.organization;
      const cls = dailyClassOf(input.kind);
      const dailyLimit =
        cls === 'member' ? SMS_MEMBER_DAILY_LIMIT : (org?.dailyLimit ?? DEFAULT_SMS_DAILY_REPLY_LIMIT);
      let decision: Decision = { status: 'queued' };
      if (optedOut.has(input.to)) decision = { status: 'suppressed', reason: 'opted_out' };
      else if (cls && (daily[cls].get(input.to) ?? 0) >= dailyLimit) {
        await noteCapReached(tx, org?.id ?? 0, `daily:${input.to}:${dayStart.label}`, now);
        decision = { status: 'suppressed', reason: 'daily_limit' };
      } else if (org && input.kind !== 'cap_notice' && (monthly.get(org.id) ?? 0) >= org.budget) {
        const period = `budget:${monthStart.label}`;
        if (await noteCapReached(tx, org.id, period, now)) await tellBoardBudgetReached(tx, org, period, now);
        decision = { status: 'suppressed', reason: 'monthly_budget' };
      }
      if (decision.status === 'queued') {
        // What goes out uses up the caps of the messages after it.
        if (cls) daily[cls].set(input.to, (daily[cls].get(input.to) ?? 0) + 1);
        if (org && input.kind !== 'cap_notice') monthly.set(org.id, (monthly.get(org.id) ?? 0) + 1);
      }
      decisions.set(input.key, decision);
    }
  }
  const inserted = fresh.length
    ? await insertRows(
        tx,
        smsOutbound,
        fresh.map((input) => {
          const decision = defined(decisions.get(input.key), 'an SMS decision');
          return {
            idempotencyKey: input.key,
            kind: input.kind,
            to: input.to,
            text: input.text,
            entityId: input.scope.entityId,
            organizationId: input.scope.organization?.id ?? null,
            status: decision.status,
            reason: decision.status === 'suppressed' ? decision.reason : null,
            createdAt: now,
          };
        }),
        {
          onConflictDoNothing: smsOutbound.idempotencyKey,
          returning: { id: smsOutbound.id, key: smsOutbound.idempotencyKey },
        },
      )
    : [];
  const ours = new Map(inserted.map((r) => [r.key, r.id]));
  // Recorded meanwhile by another transaction: a duplicate of that one.
  const lost = fresh.filter((i) => !ours.has(i.key)).map((i) => i.key);
  const theirs = lost.length ? await keyed(lost) : new Map<string, number>();
  const queued = fresh.filter((i) => ours.has(i.key) && decisions.get(i.key)?.status === 'queued');
  await recordEvents(
    tx,
    queued.map((input) => ({
      type: 'sms.outboundQueued' as const,
      entityId: input.scope.entityId,
      data: { outboundId: defined(ours.get(input.key), 'an inserted SMS id') },
    })),
  );
  const firstOf = new Set<string>();
  return inputs.map((input): QueueSmsResult => {
    const first = !firstOf.has(input.key);
    firstOf.add(input.key);
    const id =
      ours.get(input.key) ??
      recorded.get(input.key) ??
      defined(theirs.get(input.key), 'a concurrently recorded SMS id');
    const decision = decisions.get(input.key);
    if (!first || !ours.has(input.key) || !decision) return { status: 'duplicate', id };
    return decision.status === 'queued'
      ? { status: 'queued', id }
      : { status: 'suppressed', id, reason: decision.reason };
  });
}

/** SMS of one daily class to each number since the start of the Oslo day (what used up its limit). */
async function sentToday(
  tx: Tx,
  numbers: string[],
  cls: 'reply' | 'member',
  from: Date,
): Promise<Map<string, number>> {
  if (numbers.length === 0) return new Map();
  const rows = await tx
    .select({ to: smsOutbound.to, count: sql<number>`count(*)::int` })
    .from(smsOutbound)
    .where(
      and(
        anyOf(smsOutbound.to, numbers),
        cls === 'reply' ? like(smsOutbound.kind, 'reply\\_%') : anyOf(smsOutbound.kind, [...MEMBER_KINDS]),
        anyOf(smsOutbound.status, COUNTED),
        gte(smsOutbound.createdAt, from),
      ),
    )
    .groupBy(smsOutbound.to);
  return new Map(rows.map((r) => [r.to, r.count]));
}

/** Records that a cap was reached in a period; true the first time (so the board is told once). */
export async function noteCapReached(
  tx: Tx,
  organizationId: number,
  period: string,
  now: Date,
): Promise<boolean> {
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
  // An erased number's STOP is its hash; a second STOP from it changes nothing.
  const [hashed] = await tx
    .select()
    .from(smsOptOuts)
    .where(eq(smsOptOuts.number, optOutHash(number)));
  if (hashed) return false;
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
    .where(anyOf(smsOptOuts.number, optOutKeys([number])))
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
async function monthlyUseOf(tx: Tx, organizationIds: number[], from: Date): Promise<Map<number, number>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: smsOutbound.organizationId, count: sql<number>`count(*)::int` })
    .from(smsOutbound)
    .where(
      and(
        anyOf(smsOutbound.organizationId, organizationIds),
        anyOf(smsOutbound.status, COUNTED),
        sql`${smsOutbound.kind} <> 'cap_notice'`,
        gte(smsOutbound.createdAt, from),
      ),
    )
    .groupBy(smsOutbound.organizationId);
  return new Map(rows.map((r) => [defined(r.id, 'an organization id'), r.count]));
}

/** This month's SMS use of an organization and the caps reached, for the console's warning. */
export async function smsUsage(
  tx: Tx,
  org: NonNullable<SmsScope['organization']>,
  now: Date,
): Promise<OrganizationSmsUsage> {
  const month = osloMonth(now);
  const day = osloDay(now);
  const used = (await monthlyUseOf(tx, [org.id], month.start)).get(org.id) ?? 0;
  const notices = await tx
    .select({ period: smsCapNotices.period })
    .from(smsCapNotices)
    .where(and(eq(smsCapNotices.organizationId, org.id), gte(smsCapNotices.createdAt, month.start)));
  const today = `:${day.label}`;
  return {
    month: month.label,
    used,
    budget: org.budget,
    dailyReplyLimit: org.dailyLimit,
    budgetReached: used >= org.budget,
    dailyLimitReached: notices
      .filter((n) => n.period.startsWith('daily:') && n.period.endsWith(today))
      .map((n) => n.period.slice('daily:'.length, -today.length)),
  };
}
