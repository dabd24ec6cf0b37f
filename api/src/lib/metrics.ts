import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of every Oppslag process, on one registry per process. Each process
 * exposes them at /metrics; metrics a process never touches simply stay at zero there.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpDuration = new Histogram({
  name: 'oppslag_http_request_duration_seconds',
  help: 'HTTP request latency by route pattern',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

export const queueDepth = new Gauge({
  name: 'oppslag_queue_jobs',
  help: 'BullMQ jobs by queue and state (waiting, active, delayed, failed)',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'oppslag_job_duration_seconds',
  help: 'Time a worker spent on a job, by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
  registers: [registry],
});

export const outboxLag = new Gauge({
  name: 'oppslag_outbox_lag_seconds',
  help: 'Age of the oldest event not yet relayed to the queue (0 when the outbox is empty)',
  registers: [registry],
});

export const outboxRelayed = new Counter({
  name: 'oppslag_outbox_relayed_total',
  help: 'Events moved from the outbox to the events queue',
  registers: [registry],
});

/** Events whose data did not match the catalogue: logged and dropped at the relay or the gateway. */
export const invalidEvents = new Counter({
  name: 'oppslag_events_invalid_total',
  help: 'Domain events refused at the edge because their data did not match the event catalogue',
  labelNames: ['where', 'type'] as const,
  registers: [registry],
});

export const connectedClients = new Gauge({
  name: 'oppslag_realtime_connected',
  help: 'Sockets connected to this realtime node, by kind (display, console)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/** `subscribe` requests answered `rate_limited` without a database check (issue 14 item 10). */
export const subscribeLimited = new Counter({
  name: 'oppslag_realtime_subscribe_limited_total',
  help: 'Socket subscribe requests refused because the socket sent too many',
  registers: [registry],
});

export const fanoutLatency = new Histogram({
  name: 'oppslag_event_fanout_seconds',
  help: 'From the event row being written to its push leaving this realtime node',
  buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});
