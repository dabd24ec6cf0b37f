import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import type { DisplayState } from '../../middleware/display-auth';
/** Inbound SMS webhooks (verified, stored once, queued) and the superadmin's view of them. */
export declare function smsRoutes(deps: AppDeps): Router<DisplayState>;
