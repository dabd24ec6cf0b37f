import type { events } from '@oppslag/api/core';
import { describe, expect, it } from 'vitest';
import { planRelay } from './relay-plan';

/**
 * What one claimed batch of outbox rows becomes, without Redis or a database (`relay.test.ts` runs
 * the relay itself against both). Job names, queues and ids are typed in from the job catalogue
 * (common/src/jobs.ts), not read from it.
 */
type Row = typeof events.$inferSelect;
let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const row = (over: Partial<Row> = {}): Row => ({
  id: uuid(),
  type: 'note.deleted',
  entityId: 7,
  seq: 1,
  data: { id: 101 },
  actorId: null,
  createdAt: new Date('2026-03-03T12:00:00.000Z'),
  sentAt: null,
  ...over,
});

describe('planRelay', () => {
  it('makes one events job per row, jobId = event id, carrying the whole event', () => {
    const r = row({ actorId: 5, seq: 3 });
    const plan = planRelay([r]);
    expect(plan.events).toEqual([
      {
        name: 'event',
        data: {
          id: r.id,
          type: 'note.deleted',
          entityId: 7,
          seq: 3,
          data: { id: 101 },
          actorId: 5,
          createdAt: '2026-03-03T12:00:00.000Z',
        },
        opts: { jobId: r.id },
      },
    ]);
    expect(plan.invalid).toEqual([]);
    expect(plan.effects).toEqual([]);
    expect([...plan.started]).toEqual([]);
  });

  it('hands each entity’s events over in sequence order, whatever order they were claimed in', () => {
    const rows = [
      row({ entityId: 9, seq: 2 }),
      row({ entityId: 7, seq: 2 }),
      row({ entityId: null, seq: 5 }),
      row({ entityId: 9, seq: 1 }),
      row({ entityId: 7, seq: 1 }),
      row({ entityId: null, seq: 4 }),
    ];
    const order = planRelay(rows).events.map((j) => [j.data.entityId, j.data.seq]);
    expect(order).toEqual([
      [null, 4],
      [null, 5],
      [7, 1],
      [7, 2],
      [9, 1],
      [9, 2],
    ]);
    // The claimed rows themselves are left as they came (the caller marks them all sent).
    expect(rows.map((r) => r.seq)).toEqual([2, 2, 5, 1, 1, 4]);
  });

  it('keeps rows that do not match the catalogue out of every queue, with the reason', () => {
    const bad = row({ type: 'note.created', data: {} });
    const unknown = row({ type: 'no.such.type' });
    const good = row();
    const plan = planRelay([bad, good, unknown], () => ['notify-members']);
    expect(plan.events.map((j) => j.opts.jobId)).toEqual([good.id]);
    expect(plan.effects.map((j) => j.opts.jobId)).toEqual([`${good.id}_notify-members`]);
    expect(plan.invalid.map((i) => i.row.id).sort()).toEqual([bad.id, unknown.id].sort());
    expect(plan.invalid.find((i) => i.row.id === bad.id)?.error).toContain(
      'data does not match note.created',
    );
  });

  it('makes one effects job per side effect that wants the event type', () => {
    const deleted = row();
    const other = row({ type: 'sms.received', entityId: null, data: { smsMessageId: 4 } });
    const plan = planRelay([deleted, other], (type) =>
      type === 'note.deleted' ? ['notify-members', 'audit'] : [],
    );
    expect(plan.effects).toEqual([
      {
        name: 'effect',
        data: { handler: 'notify-members', event: expect.objectContaining({ id: deleted.id }) },
        opts: { jobId: `${deleted.id}_notify-members` },
      },
      {
        name: 'effect',
        data: { handler: 'audit', event: expect.objectContaining({ id: deleted.id }) },
        opts: { jobId: `${deleted.id}_audit` },
      },
    ]);
    expect(planRelay([deleted]).effects).toEqual([]);
  });

  it('starts the background job an event names, in its queue, with the event’s data and id', () => {
    const inbound = row({ type: 'sms.received', entityId: null, seq: 1, data: { smsMessageId: 4 } });
    const send = row({ type: 'sms.outboundQueued', entityId: null, seq: 2, data: { outboundId: 8 } });
    const crop = row({ type: 'asset.cropRequested', entityId: 3, data: { assetId: 2, cropVersion: 1 } });
    const plain = row();
    const plan = planRelay([plain, crop, send, inbound]);
    expect(Object.fromEntries(plan.started)).toEqual({
      sms: [
        { name: 'inbound', data: { smsMessageId: 4 }, opts: { jobId: inbound.id } },
        { name: 'send', data: { outboundId: 8 }, opts: { jobId: send.id } },
      ],
      assets: [{ name: 'crop', data: { assetId: 2, cropVersion: 1 }, opts: { jobId: crop.id } }],
    });
    // Every event still goes to the events queue, the job-starting ones included.
    expect(plan.events).toHaveLength(4);
  });
});
