import { createHash } from 'node:crypto';
import type { EventRow } from '@oppslag/api/core';
import {
  EVENT_JOB_BATCHES,
  type EventType,
  jobStartedBy,
  type OutboxEvent,
  outboxEventSchema,
  type QueueName,
} from '@oppslag/common';

interface BulkJob<T> {
  name: string;
  data: T;
  opts: { jobId: string };
}

/** The jobs one claimed batch becomes, and the rows that do not match the catalogue. */
export interface RelayPlan {
  /** `events` queue: one job per valid event (jobId = event id), per entity in sequence order. */
  events: BulkJob<OutboxEvent>[];
  /** `effects` queue: one job per side effect that wants the event (jobId = `{event}_{handler}`). */
  effects: BulkJob<{ handler: string; event: OutboxEvent }>[];
  /** Background jobs the events start (common/src/jobs.ts EVENT_JOBS), grouped by queue. */
  started: Map<QueueName, BulkJob<unknown>[]>;
  /** Rows whose data does not match the catalogue: logged and counted, never published. */
  invalid: { row: EventRow; error: string }[];
}

/**
 * What a claimed batch of outbox rows is handed to BullMQ as. Pure, so the rules (order, the edge
 * check, job ids) are tested without Redis; `moveBatch` adds the jobs and marks every row sent.
 */
export function planRelay(rows: readonly EventRow[], effectsFor?: (type: EventType) => string[]): RelayPlan {
  // Per entity, hand events to the queue in sequence order (commit order can differ from it).
  const ordered = [...rows].sort((a, b) => (a.entityId ?? 0) - (b.entityId ?? 0) || a.seq - b.seq);
  const jobs: OutboxEvent[] = [];
  const invalid: RelayPlan['invalid'] = [];
  for (const r of ordered) {
    // The edge: data that does not match the catalogue is logged, counted and not published.
    const parsed = outboxEventSchema.safeParse({
      id: r.id,
      type: r.type,
      entityId: r.entityId,
      seq: r.seq,
      data: r.data,
      actorId: r.actorId,
      createdAt: r.createdAt.toISOString(),
    });
    if (parsed.success) jobs.push(parsed.data);
    else invalid.push({ row: r, error: parsed.error.message });
  }
  const batchJobs = new Map<
    BulkJob<unknown>,
    { members: OutboxEvent[]; collect: (items: unknown[]) => unknown }
  >();
  const effects = jobs.flatMap((event) =>
    (effectsFor?.(event.type) ?? []).map((handler) => ({
      name: 'effect',
      data: { handler, event },
      opts: { jobId: `${event.id}_${handler}` },
    })),
  );
  // Background jobs start from the outbox too: same transaction, so a job is added at least once
  // and its event is marked sent only with it.
  const started: RelayPlan['started'] = new Map();
  const add = (queue: QueueName, job: BulkJob<unknown>) => {
    const bulk = started.get(queue) ?? [];
    bulk.push(job);
    started.set(queue, bulk);
  };
  // Batched job events (EVENT_JOB_BATCHES): one job per type for the whole claim, at the place of
  // the type's first event; its id from every event id (the same claim re-added is ignored).
  const batches = new Map<EventType, OutboxEvent[]>();
  for (const event of jobs) {
    const job = jobStartedBy(event);
    if (!job) continue;
    const collect = (EVENT_JOB_BATCHES as Partial<Record<EventType, (items: unknown[]) => unknown>>)[
      event.type
    ];
    if (!collect) {
      add(job.queue, { name: job.name, data: job.data, opts: { jobId: job.jobId } });
      continue;
    }
    const batch = batches.get(event.type);
    if (batch) {
      batch.push(event);
      continue;
    }
    const members = [event];
    batches.set(event.type, members);
    // Filled in below, once every member is known (the object is already in its queue's list).
    const placeholder: BulkJob<unknown> = { name: job.name, data: null, opts: { jobId: '' } };
    add(job.queue, placeholder);
    batchJobs.set(placeholder, { members, collect });
  }
  for (const [job, { members, collect }] of batchJobs) {
    job.data = collect(members.map((e) => e.data));
    job.opts.jobId = batchJobId(members);
  }
  return {
    events: jobs.map((event) => ({ name: 'event', data: event, opts: { jobId: event.id } })),
    effects,
    started,
    invalid,
  };
}

/** The id of a batched job: a digest of its events' ids (a job of one event keeps the event's id). */
export function batchJobId(members: readonly Pick<OutboxEvent, 'id'>[]): string {
  if (members.length === 1) return members[0].id;
  const hash = createHash('sha256');
  for (const id of members.map((m) => m.id).sort()) hash.update(id);
  return `batch-${hash.digest('hex').slice(0, 40)}`;
}
