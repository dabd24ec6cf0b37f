import type { events } from '@oppslag/api/core';
import {
  type EventType,
  jobStartedBy,
  type OutboxEvent,
  outboxEventSchema,
  type QueueName,
} from '@oppslag/common';

type EventRow = typeof events.$inferSelect;
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
  for (const job of jobs.map(jobStartedBy)) {
    if (!job) continue;
    const bulk = started.get(job.queue) ?? [];
    bulk.push({ name: job.name, data: job.data, opts: { jobId: job.jobId } });
    started.set(job.queue, bulk);
  }
  return {
    events: jobs.map((event) => ({ name: 'event', data: event, opts: { jobId: event.id } })),
    effects,
    started,
    invalid,
  };
}
