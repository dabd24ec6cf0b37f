import {
  type CataloguedQueue,
  type EventType,
  JOBS,
  type JobData,
  type JobName,
  jobSchema,
  type OutboxEvent,
  queueConsumer,
} from '@oppslag/common';
import { type Job, UnrecoverableError, type Worker, type WorkerOptions } from 'bullmq';
import type { Queues } from './queues';

export type JobHandler<Q extends CataloguedQueue, N extends JobName<Q>> = (
  data: JobData<Q, N>,
  job: Job,
) => Promise<unknown>;

/** A side effect of domain events (e.g. SMS notifications for pending notes); must tolerate repeats. */
export type EffectHandler = (event: OutboxEvent, job: Job) => Promise<void>;

type ConsumerOptions = Pick<WorkerOptions, 'concurrency' | 'limiter' | 'lockDuration'>;

/**
 * Processors registered explicitly by queue and job name. `assertComplete` makes start-up fail
 * when the catalogue lists a job nobody handles, and `register` refuses jobs the catalogue does not
 * know, so a typo cannot leave jobs piling up unprocessed.
 */
export class ProcessorRegistry {
  private readonly handlers = new Map<string, Map<string, (data: unknown, job: Job) => Promise<unknown>>>();
  private readonly consumerOptions = new Map<string, ConsumerOptions>();
  private readonly effects = new Map<string, { types: ReadonlySet<EventType>; handle: EffectHandler }>();

  /** `onInvalid` hears of every payload the catalogue refuses (to log and count it). */
  constructor(private readonly onInvalid?: (queue: string, job: Job, error: Error) => void) {
    // Side effects travel as one `effects` job per (event, handler), so each retries on its own.
    this.register('effects', 'effect', async ({ handler, event }, job) => {
      const effect = this.effects.get(handler);
      if (!effect) throw new UnrecoverableError(`No effect handler named ${handler}`);
      await effect.handle(event, job);
    });
  }

  register<Q extends CataloguedQueue, N extends JobName<Q>>(
    queue: Q,
    name: N,
    handler: JobHandler<Q, N>,
  ): this {
    if (!jobSchema(queue, name))
      throw new Error(`Job ${queue}/${name} is not in the job catalogue (common/src/jobs.ts)`);
    let jobs = this.handlers.get(queue);
    if (!jobs) {
      jobs = new Map();
      this.handlers.set(queue, jobs);
    }
    if (jobs.has(name)) throw new Error(`Job ${queue}/${name} already has a processor`);
    jobs.set(name, handler as (data: unknown, job: Job) => Promise<unknown>);
    return this;
  }

  /** Concurrency, rate limit or lock duration for one queue's consumer. */
  configure(queue: CataloguedQueue, options: ConsumerOptions): this {
    this.consumerOptions.set(queue, options);
    return this;
  }

  /** Subscribes a named side effect to event types; the relay queues one `effects` job per match. */
  onEvent(name: string, types: readonly EventType[], handle: EffectHandler): this {
    if (this.effects.has(name)) throw new Error(`Effect ${name} is already registered`);
    if (/[^A-Za-z0-9_-]/.test(name))
      throw new Error(`Effect name ${name} may only use letters, digits, - and _`);
    this.effects.set(name, { types: new Set(types), handle });
    return this;
  }

  /** Names of the side effects that want an event type. */
  effectsFor(type: EventType): string[] {
    const names: string[] = [];
    for (const [name, effect] of this.effects) if (effect.types.has(type)) names.push(name);
    return names;
  }

  /** Queues whose jobs this registry processes for the given process role. */
  queuesFor(consumer: 'worker' | 'realtime'): CataloguedQueue[] {
    return (Object.keys(JOBS) as CataloguedQueue[]).filter((q) => queueConsumer(q) === consumer);
  }

  /** Throws when a catalogued job consumed by this role has no processor. */
  assertComplete(consumer: 'worker' | 'realtime'): void {
    const missing: string[] = [];
    for (const queue of this.queuesFor(consumer)) {
      for (const name of Object.keys(JOBS[queue]))
        if (!this.handlers.get(queue)?.has(name)) missing.push(`${queue}/${name}`);
    }
    if (missing.length) throw new Error(`No processor registered for job(s): ${missing.join(', ')}`);
  }

  /** Dispatches a job to its handler after validating the payload against the catalogue. */
  async dispatch(queue: string, job: Job): Promise<unknown> {
    const handler = this.handlers.get(queue)?.get(job.name);
    if (!handler) throw new UnrecoverableError(`No processor for ${queue}/${job.name}`);
    const schema = jobSchema(queue, job.name);
    const parsed = schema ? schema.safeParse(job.data) : { success: true as const, data: job.data };
    // A malformed payload never becomes valid by retrying.
    if (!parsed.success) {
      this.onInvalid?.(queue, job, parsed.error);
      throw new UnrecoverableError(`Invalid payload for ${queue}/${job.name}: ${parsed.error.message}`);
    }
    return handler(parsed.data, job);
  }

  /** Starts one BullMQ worker per queue this role consumes; checks completeness first. */
  start(queues: Queues, consumer: 'worker' | 'realtime'): Worker[] {
    this.assertComplete(consumer);
    return this.queuesFor(consumer).map((queue) =>
      queues.worker(queue, (job) => this.dispatch(queue, job), this.consumerOptions.get(queue) ?? {}),
    );
  }
}
