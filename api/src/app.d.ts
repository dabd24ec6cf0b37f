import Koa from 'koa';
import type { AppDeps } from './deps';
/** JSON bodies above this are refused with 413; uploads have their own limit on their route. */
export declare const JSON_BODY_LIMIT = '256kb';
/** Builds the Koa app from its infrastructure; it opens nothing itself. */
export declare function createApp(deps: AppDeps): Koa;
