// `@oppslag/worker`: the worker role (outbox relay and BullMQ processors) for composition roots.
export * from './runtime';
