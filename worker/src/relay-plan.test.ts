import type { events } from '@oppslag/api/testing';
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
        { name: 'inbound', data: { smsMessageIds: [4] }, opts: { jobId: inbound.id } },
        { name: 'send', data: { outboundId: 8 }, opts: { jobId: send.id } },
      ],
      assets: [{ name: 'crop', data: { assetId: 2, cropVersion: 1 }, opts: { jobId: crop.id } }],
    });
    // Every event still goes to the events queue, the job-starting ones included.
    expect(plan.events).toHaveLength(4);
  });

  it('starts one sms/inbound job for every sms.received of the claim, its id from all their ids', () => {
    const a = row({ type: 'sms.received', entityId: null, seq: 1, data: { smsMessageId: 4 } });
    const b = row({ type: 'sms.received', entityId: null, seq: 2, data: { smsMessageId: 9 } });
    const c = row({ type: 'sms.received', entityId: null, seq: 3, data: { smsMessageId: 12 } });
    const send = row({ type: 'sms.outboundQueued', entityId: null, seq: 4, data: { outboundId: 8 } });
    const plan = planRelay([b, send, a, c]);
    const sms = plan.started.get('sms') ?? [];
    const inbound = sms.filter((j) => j.name === 'inbound');
    expect(inbound).toHaveLength(1);
    expect(inbound[0].data).toEqual({ smsMessageIds: [4, 9, 12] });
    // Every event still has its own events job, and other job events their own job.
    expect(plan.events).toHaveLength(4);
    expect(sms.filter((j) => j.name === 'send')).toHaveLength(1);
    // The same claim re-added (a crash between add and commit) has the same id: BullMQ ignores it.
    const again = planRelay([c, a, send, b])
      .started.get('sms')
      ?.find((j) => j.name === 'inbound');
    expect(again?.opts.jobId).toBe(inbound[0].opts.jobId);
    // A different claim (one more event) is a new job, so the message it adds is not dropped.
    const d = row({ type: 'sms.received', entityId: null, seq: 5, data: { smsMessageId: 13 } });
    const bigger = planRelay([a, b, c, d])
      .started.get('sms')
      ?.find((j) => j.name === 'inbound');
    expect(bigger?.opts.jobId).not.toBe(inbound[0].opts.jobId);
    expect(bigger?.data).toEqual({ smsMessageIds: [4, 9, 12, 13] });
  });
});
