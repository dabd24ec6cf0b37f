import type { AppDeps } from '../../../api/src/deps';
import type { Queues } from '../queues';
import type { ProcessorRegistry } from '../registry';

/** What a processor may use: the API's infrastructure plus the process's BullMQ producers. */
export interface WorkerContext {
  deps: AppDeps;
  queues: Queues;
}

/**
 * Every worker processor and event side effect, registered explicitly: one line per processor
 * module (`registry.register(queue, job, handler)` / `registry.onEvent(name, types, handler)`).
 */
export function registerProcessors(registry: ProcessorRegistry, ctx: WorkerContext): ProcessorRegistry {
  void ctx;
  return registry;
}
