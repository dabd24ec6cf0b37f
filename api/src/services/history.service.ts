import type {
  EventData,
  EventType,
  HistoryEntry,
  HistoryKind,
  HistoryQuery,
  HistorySource,
} from '@oppslag/common';
import { propertyOf } from '@oppslag/common/property-of.ts';
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { entities, history, users } from '../db/schema/index';
import { presentHistory } from '../presenters/history.presenter';

/**
 * The change history (issue 17), built on the outbox: `recordEvent` calls `historyRowOf` for every
 * event it writes, so every service that records its event records its history too — one
 * implementation, in the same transaction. Events that change nothing a board cares about (transit,
 * weather, renditions, commands) have no kind and leave no row.
 */
const KINDS: Partial<Record<EventType, HistoryKind>> = {
  'note.created': 'note',
  'note.updated': 'note',
  'note.deleted': 'note',
  'content.created': 'content',
  'content.updated': 'content',
  'content.deleted': 'content',
  'member.added': 'member',
  'member.removed': 'member',
  'member.updated': 'member',
  'entity.updated': 'settings',
  'entity.apiKeyRegenerated': 'settings',
  'autoApproveNumber.changed': 'settings',
  'transitStop.changed': 'settings',
  'entity.created': 'entity',
  'entity.deleted': 'entity',
  // Privacy requests are a superadmin's acts on the whole installation: shown with the settings.
  'privacy.phoneExported': 'settings',
  'privacy.phoneErased': 'settings',
  'privacy.stopLifted': 'settings',
};

/** Fields that change on every write or only restate the row's identity: not "what changed". */
const NOT_CHANGES = new Set([
  // Secrets never enter the history.
  'apiKey',
  'passwordHash',
  'id',
  'entityId',
  'createdAt',
  'updatedAt',
  'state',
  'showingNow',
  'inherited',
  'master',
  'asset',
]);
/** Long values (note HTML, template text) are cut: the history says what changed, not a copy. */
const MAX_TEXT = 300;

type Fields = Record<string, unknown> | null | undefined;
export type Changes = Record<string, { before: unknown; after: unknown }>;

function normalize(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string' && v.length > MAX_TEXT) return `${v.slice(0, MAX_TEXT)}…`;
  return v === undefined ? null : v;
}

/** The fields that differ between `before` and `after` (either may be absent: a create or a delete). */
export function diffFields(before: Fields, after: Fields): Changes {
  const out: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (NOT_CHANGES.has(key)) continue;
    const b = normalize(before?.[key]);
    const a = normalize(after?.[key]);
    if (JSON.stringify(b) !== JSON.stringify(a)) out[key] = { before: b, after: a };
  }
  return out;
}

/** An object in an event's data (a note, an entity) as its fields; anything else as none. */
const fieldsOf = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : undefined;

/** The "after" an event's own data already carries, when the service gave none. */
function afterOf(type: EventType, data: Record<string, unknown>): Fields {
  if (type === 'note.created' || type === 'note.updated') return fieldsOf(data.note);
  if (type === 'member.added') return { role: data.role };
  if (type === 'member.updated')
    return { autoApprove: data.autoApprove, smsNotifications: data.smsNotifications };
  if (type === 'entity.created') return fieldsOf(data.entity);
  if (type === 'entity.apiKeyRegenerated') return { apiKeyVersion: data.apiKeyVersion };
  if (type === 'privacy.phoneExported' || type === 'privacy.phoneErased' || type === 'privacy.stopLifted')
    return { ...data };
  if (type === 'autoApproveNumber.changed' || type === 'transitStop.changed')
    return { action: data.action, ...data };
  return null;
}

function subjectOf(data: Record<string, unknown>): number | null {
  for (const v of [data.id, data.userId, propertyOf(data.entity, 'id')]) if (typeof v === 'number') return v;
  return null;
}

export interface HistoryInput {
  before?: Fields;
  after?: Fields;
  source?: HistorySource;
}

/** The history row of an event, or null when the event is not a change the history keeps. */
export function historyRowOf<T extends EventType>(
  event: { id: string; type: T; entityId: number | null; data: EventData<T>; actorId: number | null },
  input: HistoryInput,
  source: HistorySource,
): typeof history.$inferInsert | null {
  const kind = KINDS[event.type];
  if (!kind) return null;
  const data = fieldsOf(event.data) ?? {};
  const changes = diffFields(input.before, input.after ?? afterOf(event.type, data));
  // An approval (or its withdrawal) is its own kind, so a board can list who approved what.
  const approval =
    (event.type === 'note.updated' || event.type === 'content.updated') && 'approved' in changes;
  return {
    eventId: event.id,
    entityId: event.entityId,
    kind: approval ? 'approval' : kind,
    action: event.type,
    subjectId: subjectOf(data),
    actorId: event.actorId,
    source: input.source ?? source,
    changes,
  };
}

/** Ids of an entity and all its descendants, deleted ones included (their history stays readable). */
async function withDescendants(db: Db | Tx, rootId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    with recursive sub(id) as (
      select id from entities where id = ${rootId}
      union
      select c.id from entities c join sub s on c.parent_id = s.id
    ) select id from sub`);
  return rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
}

export const HISTORY_PAGE_SIZE = 50;
/** The member a member change is about, by e-mail (the actor is `users` itself). */
const subjectUser = alias(users, 'subject_user');

/** A page of history, newest first: an entity's subtree (`rootId`) or everything (null, superadmin). */
export async function listHistory(
  db: Db,
  rootId: number | null,
  query: HistoryQuery,
): Promise<{ rows: HistoryEntry[]; nextCursor: number | null }> {
  const limit = query.limit ?? HISTORY_PAGE_SIZE;
  const where: SQL[] = [];
  if (rootId !== null) where.push(inArray(history.entityId, await withDescendants(db, rootId)));
  if (query.kind) where.push(eq(history.kind, query.kind));
  if (query.userId) where.push(eq(history.actorId, query.userId));
  if (query.cursor) where.push(lt(history.id, query.cursor));
  const rows = await db
    .select({
      row: history,
      entityName: entities.name,
      actorName: users.name,
      actorEmail: users.email,
      member: subjectUser.email,
    })
    .from(history)
    .leftJoin(entities, eq(entities.id, history.entityId))
    .leftJoin(users, eq(users.id, history.actorId))
    .leftJoin(subjectUser, and(eq(history.kind, 'member'), eq(subjectUser.id, history.subjectId)))
    .where(and(...where))
    .orderBy(desc(history.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    rows: page.map(({ row, entityName, actorName, actorEmail, member }) =>
      presentHistory(row, { entityName, actorName, actorEmail, subjectLabel: member }),
    ),
    nextCursor: rows.length > limit ? (page[page.length - 1]?.row.id ?? null) : null,
  };
}

/** Deletes history older than the retention; returns how many rows went (the worker's daily job). */
export async function pruneHistory(db: Db, retentionDays: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600 * 1000);
  const gone = await db.delete(history).where(lt(history.createdAt, cutoff)).returning({ id: history.id });
  return gone.length;
}
