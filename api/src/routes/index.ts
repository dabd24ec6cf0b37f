import Router from '@koa/router';
import type { AppDeps } from '../deps';
import type { ApiState } from '../middleware/auth';
import { adminRoutes } from './admin/admin.routes';
import { entitiesRoutes } from './entities/entities.routes';
import { membersRoutes } from './members/members.routes';

/**
 * Every resource router, registered explicitly. Each resource lives in `routes/<resource>/` and
 * exports a function that builds its router from the app's dependencies.
 */
export function apiRouter(deps: AppDeps): Router<ApiState> {
  const api = new Router<ApiState>({ prefix: '/api' });
  const resources: Router<ApiState>[] = [
    entitiesRoutes(deps),
    membersRoutes(deps),
    adminRoutes(deps),
  ];
  for (const resource of resources) api.use(resource.routes(), resource.allowedMethods());
  void deps;
  return api;
}
