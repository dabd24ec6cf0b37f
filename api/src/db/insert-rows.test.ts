import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { anyOf, noneOf } from './any-of';
import type { Database } from './client';
import { insertRows } from './insert-rows';
import { events, smsOutbound } from './schema/index';

/**
 * `insertRows`, `anyOf` and `noneOf` against both drivers (node-postgres and PGlite serialize array parameters each
 * their own way): every column's value arrives as Drizzle's own insert would store it.
 */
describe.each(['pg', 'pglite'] as const)('insertRows on %s', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(driver));
  });
  afterAll(async () => {
    await drop?.();
  });

  it('stores every value as given (JSON, text with quotes and braces, nulls), in the order given', async () => {
    const data = [
      { text: 'He said "hei", {x}, \\ and , commas', list: [1, null, 'a'] },
      { nested: { deep: [true, false] }, empty: '' },
      { unicode: 'Blåbær 🫐 ÆØÅ' },
    ];
    const rows = data.map((d, i) => ({
      id: `00000000-0000-4000-8000-00000000000${i}`,
      type: i === 1 ? 'note.deleted' : 'note.created',
      entityId: i === 2 ? null : 7,
      seq: i + 1,
      data: d,
      actorId: i === 0 ? null : 3,
    }));
    await insertRows(database.db, events, rows);
    const stored = await database.db.select().from(events).where(eq(events.seq, 1));
    expect(stored).toHaveLength(1);
    const all = (await database.db.select().from(events)).sort((a, b) => a.seq - b.seq);
    expect(
      all.map(({ id, type, entityId, seq, data, actorId }) => ({ id, type, entityId, seq, data, actorId })),
    ).toEqual(rows);
    // A column left out is the database's default.
    expect(all.every((e) => e.createdAt instanceof Date && e.sentAt === null)).toBe(true);
  });

  it('skips conflicting rows and returns the others’ columns in the order given', async () => {
    const now = new Date('2026-11-27T10:00:00.000Z');
    const row = (key: string, text: string) => ({
      idempotencyKey: key,
      kind: 'reply_help',
      to: '004790000001',
      text,
      entityId: null,
      organizationId: null,
      status: 'queued',
      reason: null,
      createdAt: now,
    });
    const first = await insertRows(database.db, smsOutbound, [row('k1', 'én'), row('k2', 'to')], {
      onConflictDoNothing: smsOutbound.idempotencyKey,
      returning: { id: smsOutbound.id, key: smsOutbound.idempotencyKey },
    });
    expect(first.map((r) => r.key)).toEqual(['k1', 'k2']);
    expect(first[0].id).toBeLessThan(first[1].id);
    const second = await insertRows(database.db, smsOutbound, [row('k3', 'tre'), row('k1', 'igjen')], {
      onConflictDoNothing: smsOutbound.idempotencyKey,
      returning: { id: smsOutbound.id, key: smsOutbound.idempotencyKey },
    });
    expect(second.map((r) => r.key)).toEqual(['k3']);
    const [k1] = await database.db.select().from(smsOutbound).where(eq(smsOutbound.idempotencyKey, 'k1'));
    expect(k1).toMatchObject({ text: 'én', createdAt: now, entityId: null });
    const [latest] = await database.db.select().from(smsOutbound).orderBy(desc(smsOutbound.id)).limit(1);
    expect(latest.idempotencyKey).toBe('k3');
  });

  it('refuses rows that give different columns (a left-out column would silently be the default)', async () => {
    await expect(
      insertRows(database.db, events, [
        { id: '00000000-0000-4000-8000-0000000000a1', type: 't', seq: 1, data: {}, actorId: 1 },
        { id: '00000000-0000-4000-8000-0000000000a2', type: 't', seq: 2, data: {} },
      ]),
    ).rejects.toThrow(/same columns/);
  });

  it('anyOf / noneOf match a list given as one array parameter (uuid, text expressions, none at all)', async () => {
    const ids = (await database.db.select({ id: events.id }).from(events)).map((r) => r.id).sort();
    expect(ids.length).toBeGreaterThan(2);
    const pick = [ids[0], ids[2]];
    const found = await database.db.select({ id: events.id }).from(events).where(anyOf(events.id, pick));
    expect(found.map((r) => r.id).sort()).toEqual(pick);
    const rest = await database.db.select({ id: events.id }).from(events).where(noneOf(events.id, pick));
    expect(rest.map((r) => r.id).sort()).toEqual(ids.filter((id) => !pick.includes(id)));
    const byLowerType = await database.db
      .select({ id: events.id })
      .from(events)
      .where(anyOf(sql`lower(${events.type})`, ['note.deleted']));
    expect(byLowerType).toHaveLength(1);
    expect(await database.db.select().from(events).where(anyOf(events.id, []))).toEqual([]);
    expect(await database.db.select().from(events).where(noneOf(events.id, []))).toHaveLength(ids.length);
  });
});
