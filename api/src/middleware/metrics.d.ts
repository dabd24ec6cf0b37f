import type { Middleware } from 'koa';
/** Records request latency labelled by the matched route pattern (never the raw path: ids would explode cardinality). */
export declare const httpMetrics: Middleware;
