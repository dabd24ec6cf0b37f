import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/**
 * Everything under `/content/{entityId}` but notes. Order matters: the contract lists `service`
 * before the `{slot}` routes, and the notes router (`notes.routes.ts`) is registered before this
 * one in `routes/index.ts`, so neither is ever read as a slot name.
 */
export declare function contentRoutes(deps: AppDeps): Router<DisplayState>;
