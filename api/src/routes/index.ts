import Router from '@koa/router';
import type { AppDeps } from '../deps';
import type { ApiState } from '../middleware/auth';
import { openapiRoutes } from '../openapi/openapi.routes';
import { accountRoutes } from './account/account.routes';
import { adminRoutes } from './admin/admin.routes';
import { alertsRoutes } from './alerts/alerts.routes';
import { assetsRoutes } from './assets/assets.routes';
import { authRoutes } from './auth/auth.routes';
import { autoApproveNumbersRoutes } from './auto-approve-numbers/auto-approve-numbers.routes';
import { contentRoutes } from './content/content.routes';
import { notesRoutes } from './content/notes.routes';
import { displayRoutes } from './display/display.routes';
import { entitiesRoutes } from './entities/entities.routes';
import { healthRoutes } from './health/health.routes';
import { historyRoutes } from './history/history.routes';
import { installRoutes } from './install/install.routes';
import { membersRoutes } from './members/members.routes';
import { privacyRoutes } from './privacy/privacy.routes';
import { smsRoutes } from './sms/sms.routes';
import { statusRoutes } from './status/status.routes';
import { templatesRoutes } from './templates/templates.routes';
import { transitRoutes } from './transit/transit.routes';
import { usersRoutes } from './users/users.routes';

/**
 * Every resource router, registered explicitly. Each resource lives in `routes/<resource>/` and
 * exports a function that builds its router from the app's dependencies.
 */
export function apiRouter(deps: AppDeps): Router<ApiState> {
  const api = new Router<ApiState>({ prefix: '/api' });
  const resources: Router<ApiState>[] = [
    assetsRoutes(deps),
    templatesRoutes(deps),
    statusRoutes(deps),
    installRoutes(deps),
    authRoutes(deps),
    accountRoutes(deps),
    usersRoutes(deps),
    entitiesRoutes(deps),
    historyRoutes(deps),
    membersRoutes(deps),
    adminRoutes(deps),
    privacyRoutes(deps),
    openapiRoutes(deps),
    autoApproveNumbersRoutes(deps),
    transitRoutes(deps),
    smsRoutes(deps),
    notesRoutes(deps),
    contentRoutes(deps),
    displayRoutes(deps),
    alertsRoutes(deps),
    healthRoutes(deps),
  ];
  for (const resource of resources) api.use(resource.routes(), resource.allowedMethods());
  return api;
}
