import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/** Stop names change rarely; an hour keeps typing in the search box off Entur's rate limits. */
export declare const STOP_SEARCH_TTL_SECONDS = 3600;
/** Transit stops of an entity (read to list, edit_entity to change) and the stop search. */
export declare function transitRoutes(deps: AppDeps): Router<DisplayState>;
