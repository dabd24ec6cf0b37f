import type { Middleware } from 'koa';
import type { Logger } from 'pino';
export declare function errorMiddleware(logger: Logger): Middleware;
