import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { type DisplayState } from '../../middleware/display-auth';
/**
 * The display's own API: register with display id + API key for a display token, then read the
 * manifest and the content with it.
 */
export declare function displayRoutes(deps: AppDeps): Router<DisplayState>;
