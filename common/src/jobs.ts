import { z } from 'zod';
import { type DomainEvent, EVENT_TYPES, type EventData, type EventType, parseEventData } from './events';

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
  'maintenance',
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

/**
 * Route stored inbound SMS (sms_messages rows) to notes: the messages whose `sms.received` events
 * one relay batch moved (EVENT_JOB_BATCHES), so a backlog costs one job per batch, not per SMS.
 */
export const smsInboundJobSchema = z.object({
  smsMessageIds: z.array(z.number().int().positive()).min(1),
});
export type SmsInboundJob = z.infer<typeof smsInboundJobSchema>;

/** Send one recorded outbound SMS (sms_outbound row) through the configured provider. */
export const smsSendJobSchema = z.object({ outboundId: z.number().int().positive() });
export type SmsSendJob = z.infer<typeof smsSendJobSchema>;

/** Poll Entur for one entity's stops (a job scheduler per entity with stops). */
export const transitPollJobSchema = z.object({ entityId: z.number().int().positive() });

/** Delete history older than HISTORY_RETENTION_DAYS (one scheduler, a few times a day). */
export const historyPruneJobSchema = z.object({});

/** Blank numbers and texts of SMS older than SMS_RETENTION_DAYS (one scheduler, daily). */
export const smsRetentionJobSchema = z.object({});

/** Poll MET for every organization whose forecast has expired (one scheduler for all). */
export const weatherSweepJobSchema = z.object({});

/** Looks for displays dark for 5 minutes (or back) and records `display.darkChanged` (one scheduler). */
export const darkScreenSweepJobSchema = z.object({});

/**
 * Queue → job name → payload schema. Add a job here, then register its processor in
 * `worker/src/processors/index.ts`. The `events` queue is consumed by the realtime gateway,
 * every other queue by the worker.
 */
export const JOBS = {
  events: { event: outboxEventSchema },
  effects: { effect: effectJobSchema },
  assets: { crop: assetCropJobSchema },
  sms: { inbound: smsInboundJobSchema, send: smsSendJobSchema },
  transit: { poll: transitPollJobSchema },
  weather: { sweep: weatherSweepJobSchema },
  notifications: { darkScreens: darkScreenSweepJobSchema },
  maintenance: { historyPrune: historyPruneJobSchema, smsRetention: smsRetentionJobSchema },
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

/** A catalogued job: the queue and one of its job names (a typo fails at tsc). */
type EventJobTarget = { [Q in CataloguedQueue]: { queue: Q; name: JobName<Q> } }[CataloguedQueue];

/**
 * Background work that starts from the outbox. The API never talks to BullMQ: a write that needs
 * work done records one of these events in its transaction (its `data` is the job's payload), and
 * the outbox relay adds the job next to the event, with jobId = event id. So "Redis is down" has
 * one answer for every job: the event waits in PostgreSQL until the relay can hand it over.
 */
export const EVENT_JOBS = {
  'sms.received': { queue: 'sms', name: 'inbound' },
  'sms.outboundQueued': { queue: 'sms', name: 'send' },
  'asset.cropRequested': { queue: 'assets', name: 'crop' },
} as const satisfies Partial<Record<EventType, EventJobTarget>>;
export type JobEventType = keyof typeof EVENT_JOBS;

/**
 * Job events whose jobs the relay starts together: the events of one type in one relay batch
 * become one job whose payload this collects from their data (in the batch's order). The job's
 * id is made from every event id (relay-plan.ts), so re-adding the same claim after a crash is
 * ignored and a different claim is a new job. Redelivery stays per piece of work (redeliver.ts
 * records one event per message still waiting; the relay batches them like any other).
 */
export const EVENT_JOB_BATCHES: { [T in JobEventType]?: (items: EventData<T>[]) => unknown } = {
  'sms.received': (items) => ({ smsMessageIds: items.map((d) => d.smsMessageId) }),
};

/** The job an outbox event starts (queue, name, payload, jobId), or null for a plain event. */
export function jobStartedBy(
  event: Pick<OutboxEvent, 'id' | 'type' | 'data'>,
): { queue: CataloguedQueue; name: string; data: unknown; jobId: string } | null {
  const target = (EVENT_JOBS as Partial<Record<EventType, EventJobTarget>>)[event.type];
  return target ? { ...target, data: event.data, jobId: event.id } : null;
}
