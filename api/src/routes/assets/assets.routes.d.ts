import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
import './assets.openapi';
/** `/api/assets`: uploads, crop parameters and the original and cropped files (content spec §7). */
export declare function assetsRoutes(deps: AppDeps): Router<DisplayState>;
