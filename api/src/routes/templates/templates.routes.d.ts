import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/**
 * `/api/templates`: the built-in banner templates and their artwork. Both are public: the artwork
 * is the product's own static files, and displays draw template banners over it from <img> tags.
 */
export declare function templatesRoutes(deps: AppDeps): Router<DisplayState>;
