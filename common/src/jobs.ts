import { z } from 'zod';
import { type DomainEvent, EVENT_TYPES, parseEventData } from './events';

/**
 * The catalogue of background work: every BullMQ queue and, per queue, every job name with the
 * zod schema of its payload. Producers and processors take their types from here; the worker
 * refuses to start when a job listed here has no registered processor.
 */
export const QUEUE_NAMES = [
  'events',
  'effects',
  'sms',
  'assets',
  'transit',
  'weather',
  'notifications',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** One outbox row as it travels through BullMQ (jobId = event id). */
export type OutboxEvent = DomainEvent & { actorId: number | null; createdAt: string };

/**
 * The outbox row's envelope, with `data` checked against the event catalogue: a consumer that
 * parses a job with it gets the typed union, and an event whose data does not match is refused.
 */
export const outboxEventSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(EVENT_TYPES),
    entityId: z.number().int().nullable(),
    seq: z.number().int(),
    data: z.unknown(),
    actorId: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .transform((event, ctx): OutboxEvent => {
    const data = parseEventData(event.type, event.data);
    if (data === null) {
      ctx.addIssue({ code: 'custom', path: ['data'], message: `data does not match ${event.type}` });
      return z.NEVER;
    }
    return { ...event, data } as OutboxEvent;
  });

/** A side effect of one event for one named handler (one job each, so each retries on its own). */
export const effectJobSchema = z.object({
  handler: z.string().min(1),
  event: outboxEventSchema,
});
export type EffectJob = z.infer<typeof effectJobSchema>;

/** Renders an asset's cropped rendition; only the asset's newest crop version is ever written. */
export const assetCropJobSchema = z.object({
  assetId: z.number().int().positive(),
  cropVersion: z.number().int().positive(),
});
export type AssetCropJob = z.infer<typeof assetCropJobSchema>;
/** Re-queues crops left pending (requested while Redis was away); a scheduler runs it every minute. */
export const assetSweepJobSchema = z.object({});
/** Job ids make a repeated enqueue of the same crop request a no-op in BullMQ. */
export const assetCropJobId = (job: AssetCropJob) => `asset-${job.assetId}-crop-${job.cropVersion}`;

/** Route one stored inbound SMS (sms_messages row) to a note. */
export const smsInboundJobSchema = z.object({ smsMessageId: z.number().int().positive() });
/** One job per stored message; a repeated enqueue (webhook retry, sweep) is a no-op while it exists. */
export const smsInboundJobId = (smsMessageId: number) => `sms-${smsMessageId}`;

/** Poll Entur for one entity's stops (a job scheduler per entity with stops). */
export const transitPollJobSchema = z.object({ entityId: z.number().int().positive() });

/** Poll MET for every organization whose forecast has expired (one scheduler for all). */
export const weatherSweepJobSchema = z.object({});

/**
 * Queue → job name → payload schema. Add a job here, then register its processor in
 * `worker/src/processors/index.ts`. The `events` queue is consumed by the realtime gateway,
 * every other queue by the worker.
 */
export const JOBS = {
  events: { event: outboxEventSchema },
  effects: { effect: effectJobSchema },
  assets: { crop: assetCropJobSchema, sweep: assetSweepJobSchema },
  sms: { inbound: smsInboundJobSchema },
  transit: { poll: transitPollJobSchema },
  weather: { sweep: weatherSweepJobSchema },
} satisfies Partial<Record<QueueName, Record<string, z.ZodType>>>;

export type JobCatalogue = typeof JOBS;
export type CataloguedQueue = keyof JobCatalogue;
export type JobName<Q extends CataloguedQueue> = keyof JobCatalogue[Q] & string;
export type JobData<Q extends CataloguedQueue, N extends JobName<Q>> = z.infer<
  JobCatalogue[Q][N] & z.ZodType
>;

/** The payload schema of a job, or undefined when the catalogue does not list it. */
export function jobSchema(queue: string, name: string): z.ZodType | undefined {
  const jobs = (JOBS as Record<string, Record<string, z.ZodType>>)[queue];
  return jobs?.[name];
}

/** Processes that consume each catalogued queue: the gateway pushes events, the worker does the rest. */
export const queueConsumer = (queue: CataloguedQueue): 'realtime' | 'worker' =>
  queue === 'events' ? 'realtime' : 'worker';
