import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxSignal } from '../lib/outbox-signal';
import { recordEvent } from '../services/events.service';
import { receiveInboundSms } from '../services/sms-inbound.service';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import { events } from './schema/index';
import { statementOfWork, type UnitOfWorkDeps, unitOfWork } from './unit-of-work';

/**
 * The unit of work on a real PostgreSQL: events are recorded only inside one (recordEvent refuses
 * the bare database and a hand-opened transaction), and the relay is woken once, after the commit,
 * exactly when events were committed.
 */
describe('unitOfWork', () => {
  let db: TestDatabase;
  let deps: UnitOfWorkDeps;
  /** Per wake: how many of the events written so far were visible to a fresh read at that moment. */
  let wakes: Promise<number>[] = [];
  const noteDeleted = (id: number) => ({ type: 'note.deleted' as const, entityId: 7, data: { id } });
  const countEvents = async () =>
    (await db.database.db.select().from(events).where(eq(events.entityId, 7))).length;

  beforeAll(async () => {
    db = await createTestDatabase();
    const outbox = createOutboxSignal();
    outbox.subscribe(() => wakes.push(countEvents()));
    deps = { database: db.database, outbox };
  });
  afterAll(async () => {
    await db.drop();
  });

  it('refuses an event recorded on the bare database or in a hand-opened transaction', async () => {
    const before = await countEvents();
    await expect(recordEvent(db.database.db, noteDeleted(1))).rejects.toThrow(/outside a unit of work/);
    await expect(db.database.db.transaction((tx) => recordEvent(tx, noteDeleted(2)))).rejects.toThrow(
      /outside a unit of work/,
    );
    // Inside a unit of work, but on another transaction than its own.
    await expect(
      unitOfWork(deps, () => db.database.db.transaction((other) => recordEvent(other, noteDeleted(3)))),
    ).rejects.toThrow(/another transaction/);
    expect(await countEvents()).toBe(before);
    expect(wakes).toHaveLength(0);
  });

  it('wakes the relay once, after the commit, when it recorded events', async () => {
    wakes = [];
    const before = await countEvents();
    await unitOfWork(deps, async (tx) => {
      await recordEvent(tx, noteDeleted(4));
      await recordEvent(tx, noteDeleted(5));
      expect(wakes).toHaveLength(0);
    });
    expect(wakes).toHaveLength(1);
    // The woken relay's read already sees both events.
    expect(await wakes[0]).toBe(before + 2);
  });

  it('wakes nobody for work without events, nor for work rolled back', async () => {
    wakes = [];
    expect(await unitOfWork(deps, async (tx) => (await tx.select().from(events).limit(1)).length)).toBe(1);
    await expect(
      unitOfWork(deps, async (tx) => {
        await recordEvent(tx, noteDeleted(6));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(wakes).toHaveLength(0);
  });

  it('nests as a savepoint that the outer unit of work commits and wakes for', async () => {
    wakes = [];
    const before = await countEvents();
    await unitOfWork(deps, async (tx) => {
      await unitOfWork(deps, (inner) => recordEvent(inner, noteDeleted(7)));
      await expect(
        unitOfWork(deps, async (inner) => {
          await recordEvent(inner, noteDeleted(8));
          throw new Error('inner rolled back');
        }),
      ).rejects.toThrow('inner rolled back');
      expect(wakes).toHaveLength(0);
      await recordEvent(tx, noteDeleted(9));
    });
    expect(wakes).toHaveLength(1);
    expect(await wakes[0]).toBe(before + 2);
  });

  it('runs a one-statement writer (the SMS webhook) as a statement of work that wakes for a new row only', async () => {
    wakes = [];
    const message = {
      provider: 'generic',
      providerMessageId: 'uow-1',
      from: '+4790000001',
      to: null,
      text: 'x',
      raw: {},
    };
    await expect(receiveInboundSms(db.database.db, message, new Date())).rejects.toThrow(
      /outside a unit of work/,
    );
    const first = await statementOfWork(deps, (one) => receiveInboundSms(one, message, new Date()));
    const again = await statementOfWork(deps, (one) => receiveInboundSms(one, message, new Date()));
    expect([first.duplicate, again.duplicate, again.id]).toEqual([false, true, first.id]);
    expect(wakes).toHaveLength(1);
  });
});
