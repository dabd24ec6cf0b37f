import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installation } from '../db/schema/index';
import type { AppDeps } from '../deps';
import type { ApiState } from '../middleware/auth';
import {
  ACTORS,
  type MatrixRow,
  MISSING_ID,
  matrixContext,
  matrixRows,
  type ObjectRef,
  type TargetName,
  type Tenant,
} from '../test/authorization-matrix';
import { createEntity, createWorld, type World } from '../test/fixtures';
import { startTestApi, type TestApi } from '../test/harness';
import { accountRoutes } from './account/account.routes';
import { adminRoutes } from './admin/admin.routes';
import { alertsRoutes } from './alerts/alerts.routes';
import { assetsRoutes } from './assets/assets.routes';
import { autoApproveNumbersRoutes } from './auto-approve-numbers/auto-approve-numbers.routes';
import { contentRoutes } from './content/content.routes';
import { displayRoutes } from './display/display.routes';
import { entitiesRoutes } from './entities/entities.routes';
import { healthRoutes } from './health/health.routes';
import { historyRoutes } from './history/history.routes';
import { installRoutes } from './install/install.routes';
import { membersRoutes } from './members/members.routes';
import { privacyRoutes } from './privacy/privacy.routes';
import { smsRoutes } from './sms/sms.routes';
import { templatesRoutes } from './templates/templates.routes';
import { transitRoutes } from './transit/transit.routes';
import { usersRoutes } from './users/users.routes';

/**
 * Routers whose every route must have a row in the matrix table. Add your router here when you add
 * its rows; the coverage test then fails for any route of it that the table forgets.
 */
const coveredRouters: ((deps: AppDeps) => Router<ApiState>)[] = [
  entitiesRoutes,
  historyRoutes,
  membersRoutes,
  adminRoutes,
  installRoutes,
  usersRoutes,
  accountRoutes,
  assetsRoutes,
  templatesRoutes,
  contentRoutes,
  displayRoutes as (deps: AppDeps) => Router<ApiState>,
  autoApproveNumbersRoutes,
  transitRoutes,
  smsRoutes,
  alertsRoutes,
  healthRoutes as (deps: AppDeps) => Router<ApiState>,
  privacyRoutes,
];

function parseRoute(route: string): { method: string; path: string } {
  const match = /^([A-Z]+)\s+(\S+)/.exec(route);
  if (!match) throw new Error(`Bad matrix route "${route}"`);
  return { method: match[1], path: match[2] };
}

function fillPath(path: string, ref: ObjectRef): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = name === 'id' ? ref.id : ref[name];
    if (value === undefined) throw new Error(`Matrix ref has no value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

function expectedStatuses(row: MatrixRow, target: TargetName): number[] {
  const statuses = (row.expect[target] ?? '').trim().split(/\s+/).map(Number);
  if (statuses.length !== ACTORS.length || statuses.some((s) => !Number.isInteger(s)))
    throw new Error(`${row.route} / ${target}: need ${ACTORS.length} statuses (${ACTORS.join(' ')})`);
  return statuses;
}

describe('authorization matrix', () => {
  let api: TestApi;
  let world: World;
  let tenants: { A: Tenant; B: Tenant };
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
    const groupB = await createEntity(api.deps, {
      name: 'Group B',
      type: 'group',
      parentId: world.entities.orgB.id,
    });
    const master = await createEntity(api.deps, {
      name: 'Master display',
      type: 'display',
      parentId: world.entities.root.id,
    });
    await api.deps.database.db.insert(installation).values({
      id: 1,
      adminUserId: world.users.superadmin.id,
      rootEntityId: world.entities.root.id,
      masterDisplayId: master.id,
    });
    const e = world.entities;
    tenants = {
      A: { org: e.orgA, group: e.groupA, display: e.displayA, member: world.users.moderator },
      B: { org: e.orgB, group: groupB, display: e.displayB, member: world.users.sibling },
    };
  });
  afterAll(() => api.close());

  for (const row of matrixRows) {
    it(row.route, async () => {
      const { method, path } = parseRoute(row.route);
      const mismatches: string[] = [];
      for (const target of Object.keys(row.expect) as TargetName[]) {
        const expected = expectedStatuses(row, target);
        for (const [i, actor] of ACTORS.entries()) {
          const [tenant, stranger] = target === 'other' ? [tenants.B, tenants.A] : [tenants.A, tenants.B];
          const c = matrixContext(api, world, tenant, stranger, actor);
          let ref: ObjectRef = { id: 0 };
          if (target === 'crossed') {
            if (!row.crossed) throw new Error(`${row.route}: expect.crossed needs a crossed builder`);
            ref = await row.crossed(c);
          } else if (target !== 'none') {
            const own = row.object ? await row.object(c) : c.tenant.org;
            ref =
              target === 'missing'
                ? row.missing
                  ? await row.missing(c, own)
                  : { ...own, id: MISSING_ID }
                : own;
          }
          const token = actor === 'anonymous' ? undefined : world.users[actor].token;
          const res = await api.request(method, fillPath(path, ref), {
            token,
            body: row.body?.(ref, c),
            headers: row.headers?.(ref, c),
            raw: await row.raw?.(ref, c),
          });
          if (res.status !== expected[i])
            mismatches.push(
              `${target.padEnd(7)} ${actor.padEnd(13)} expected ${expected[i]}, got ${res.status} ${res.body?.error?.code ?? ''}`,
            );
        }
      }
      expect(mismatches, `${row.route}\n${mismatches.join('\n')}`).toEqual([]);
    });
  }

  it('has a crossed target for every nested resource (a child id under an entity id)', () => {
    // `:slot` and `:provider` name a kind, not an object; every other path parameter is an id.
    const nested = matrixRows.filter((r) => {
      const ids = parseRoute(r.route)
        .path.match(/:\w+/g)
        ?.filter((p) => p !== ':slot' && p !== ':provider');
      return (ids?.length ?? 0) >= 2;
    });
    expect(nested.length).toBeGreaterThanOrEqual(11);
    expect(nested.filter((r) => !r.expect.crossed || !r.crossed).map((r) => r.route)).toEqual([]);
  });

  it('has a row for every route of the covered routers', () => {
    const inTable = new Set(
      matrixRows.map((r) => {
        const { method, path } = parseRoute(r.route);
        return `${method} ${path}`;
      }),
    );
    const missing: string[] = [];
    for (const build of coveredRouters) {
      for (const layer of build(api.deps).stack) {
        for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
          const key = `${method} /api${layer.path}`.replace(/\/$/, '');
          if (!inTable.has(key)) missing.push(key);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
