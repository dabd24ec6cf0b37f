import type { AppDeps, ProcessorRegistry, Queues } from '@oppslag/api/core';
import { createSmsProvider } from '../sms/providers/index';
import { registerAssetProcessors } from './assets.processor';
import { sweepDarkScreens } from './dark-screens';
import { registerPollingProcessors } from './polling.register';
import { processInboundSmsBatch } from './sms.processor';
import { sendOutboundSms } from './sms-send.processor';

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
  const { deps } = ctx;
  const smsProvider = createSmsProvider(deps.config, deps.logger);
  registry.register('sms', 'inbound', async ({ smsMessageIds }) =>
    Object.fromEntries(await processInboundSmsBatch(deps, smsMessageIds)),
  );
  registry.register('sms', 'send', ({ outboundId }) => sendOutboundSms(deps, smsProvider, outboundId));
  registry.register('notifications', 'darkScreens', () => sweepDarkScreens(deps));
  registerAssetProcessors(registry, ctx);
  registerPollingProcessors(registry, ctx);
  return registry;
}
