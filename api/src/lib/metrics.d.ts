import { Counter, Gauge, Histogram, Registry } from 'prom-client';
/**
 * The Prometheus metrics of every Oppslag process, on one registry per process. Each process
 * exposes them at /metrics; metrics a process never touches simply stay at zero there.
 */
export declare const registry: Registry<'text/plain; version=0.0.4; charset=utf-8'>;
export declare const httpDuration: Histogram<'method' | 'status' | 'route'>;
export declare const queueDepth: Gauge<'state' | 'queue'>;
export declare const jobDuration: Histogram<'queue' | 'outcome'>;
export declare const outboxLag: Gauge<string>;
export declare const outboxRelayed: Counter<string>;
export declare const connectedClients: Gauge<'kind'>;
export declare const fanoutLatency: Histogram<string>;
