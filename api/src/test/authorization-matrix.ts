/**
 * THE AUTHORIZATION MATRIX: every API route × actor × target, with the status each cell must get.
 * `routes/authorization-matrix.test.ts` runs every row against a real API and prints the cells
 * that differ.
 *
 * ACTORS, the columns of every expectation string, always in this order:
 *   anonymous  superadmin  owner  administrator  moderator  sibling
 * owner / administrator / moderator hold that role on organization A (tenant A); sibling is the
 * owner of organization B (tenant B); superadmin is the user flagged admin.
 *
 * TARGETS, the keys of `expect`:
 *   own      an object in tenant A, the tenant of owner / administrator / moderator
 *   other    an object in tenant B, the sibling's tenant (another tenant's object for the others)
 *   missing  an id that does not exist (MISSING_ID)
 *   crossed  for nested resources (`/entities/:id/…/:childId`): tenant A's entity in the path with
 *            the id of a child object of tenant B, built by the row's `crossed`; every actor who
 *            may act on the path must still be refused, the superadmin included
 *   none     for routes without an object (lists, account, admin actions); run once per actor
 *
 * A ROW (add yours to `matrixRows` in a few lines; keep one block per resource):
 *   {
 *     route: 'PUT /api/entities/:id',                   // method and path; `:name` is filled from the ref
 *     object: (c) => c.entity('group', c.tenant.org.id), // the ref for own/other; default c.tenant.org
 *     body: (ref, c) => ({ name: 'Renamed' }),           // optional request body
 *     expect: {
 *       own:     '401 200 200 200 403 404',
 *       other:   '401 200 404 404 404 200',
 *       missing: '401 404 404 404 404 404',
 *     },
 *   }
 * `object` runs once per cell, so a route that changes or uses up its object (delete, move, key
 * regeneration) creates a fresh one each time with the helpers on the context; read-only routes
 * return an existing object. A ref is `{ id, ...more }`: `:id` in the route is replaced by
 * `ref.id`, any other `:param` by `ref[param]`. `missing` (optional) builds the ref of the missing
 * target; by default it is `{ id: MISSING_ID }` plus the own ref's other params.
 * `headers` (optional) adds request headers, e.g. a display token for display routes.
 * Then add the resource's router to `coveredRouters` in routes/authorization-matrix.test.ts: the
 * coverage test fails for any route of a covered router that has no row here.
 */
import { randomUUID } from 'node:crypto';
import type { EntityType, Role } from '@oppslag/common';
import { alertMatrixRows } from './authorization-matrix.alerts';
import { assetMatrixRows } from './authorization-matrix.assets';
import { contentMatrixRows } from './authorization-matrix.content';
import { healthMatrixRows } from './authorization-matrix.health';
import { smsTransitMatrixRows } from './authorization-matrix.sms-transit';
import { createEntity, createUser, grant, type World } from './fixtures';
import type { RawBody, TestApi } from './harness';

/** Numbers the rows' bodies, so values that must be unique stay so across the roles' calls. */
let matrixCalls = 0;

export const ACTORS = ['anonymous', 'superadmin', 'owner', 'administrator', 'moderator', 'sibling'] as const;
export type ActorName = (typeof ACTORS)[number];
export type TargetName = 'own' | 'other' | 'missing' | 'crossed' | 'none';

/** An id no test creates (entities, users and other objects stay far below it). */
export const MISSING_ID = 2_000_000_000;

export interface Tenant {
  org: { id: number };
  group: { id: number };
  display: { id: number };
  /** A user of the tenant who is not a matrix actor's token holder, for user routes. */
  member: { id: number; email: string };
}

export interface MatrixContext {
  api: TestApi;
  world: World;
  /** The tenant of the target: A for own, B for other (and A again for missing and crossed). */
  tenant: Tenant;
  /** The other tenant (B for own, missing and crossed; A for other). */
  stranger: Tenant;
  actor: ActorName;
  /** A fresh entity (default parent: the tenant's organization). */
  entity(type: EntityType, parentId?: number): Promise<{ id: number }>;
  /** A fresh user, optionally with a role on an entity. */
  user(role?: Role, entityId?: number): Promise<{ id: number; email: string; token: string }>;
  /** A unique suffix for names and e-mails. */
  unique(): string;
}

export interface ObjectRef {
  id: number;
  [param: string]: unknown;
}

export interface MatrixRow {
  route: string;
  object?: (c: MatrixContext) => ObjectRef | Promise<ObjectRef>;
  missing?: (c: MatrixContext, own: ObjectRef) => ObjectRef | Promise<ObjectRef>;
  /** The ref of the `crossed` target: `c.tenant`'s entity in the path, a child object of `c.stranger`. */
  crossed?: (c: MatrixContext) => ObjectRef | Promise<ObjectRef>;
  body?: (ref: ObjectRef, c: MatrixContext) => unknown;
  headers?: (ref: ObjectRef, c: MatrixContext) => Record<string, string>;
  /** A non-JSON body instead of `body`, e.g. FormData for multipart uploads. */
  raw?: (ref: ObjectRef, c: MatrixContext) => RawBody | Promise<RawBody>;
  expect: Partial<Record<TargetName, string>>;
}

/** Builds the per-cell context helpers. */
export function matrixContext(
  api: TestApi,
  world: World,
  tenant: Tenant,
  stranger: Tenant,
  actor: ActorName,
): MatrixContext {
  let counter = 0;
  const unique = () => {
    counter += 1;
    return `${actor}-${counter}-${randomUUID().slice(0, 8)}`;
  };
  return {
    api,
    world,
    tenant,
    stranger,
    actor,
    unique,
    entity: (type, parentId = tenant.org.id) =>
      createEntity(api.deps, { name: `Matrix ${type} ${unique()}`, type, parentId }),
    async user(role, entityId = tenant.org.id) {
      const user = await createUser(api.deps, { email: `matrix-${unique()}@example.com` });
      if (role) await grant(api.deps, user.id, entityId, role);
      return user;
    },
  };
}

const READ = {
  own: '401 200 200 200 200 404',
  other: '401 200 404 404 404 200',
  missing: '401 404 404 404 404 404',
};
/** Visible to tenant members, but only the superadmin may act: 403 for them, 404 for strangers. */
const SUPERADMIN_ON_OBJECT = (ok: number) => ({
  own: `401 ${ok} 403 403 403 404`,
  other: `401 ${ok} 404 404 404 403`,
  missing: '401 404 404 404 404 404',
});

export const matrixRows: MatrixRow[] = [
  // ── entities ────────────────────────────────────────────────────────────────────────────────
  { route: 'GET /api/entities', expect: { none: '401 200 200 200 200 200' } },
  { route: 'GET /api/entities/:id', object: (c) => c.tenant.group, expect: READ },
  {
    route: 'POST /api/entities',
    object: (c) => c.tenant.org,
    body: (ref, c) => ({ name: `New ${c.unique()}`.slice(0, 60), type: 'group', parentId: ref.id }),
    expect: {
      own: '401 201 201 201 403 404',
      other: '401 201 404 404 404 201',
      missing: '401 404 404 404 404 404',
    },
  },
  {
    route: 'PUT /api/entities/:id',
    object: (c) => c.entity('group'),
    // A name of its own per call: two siblings of one name are refused (issue 31 item 7).
    body: () => ({ name: `Renamed by the matrix ${++matrixCalls}` }),
    expect: {
      own: '401 200 200 200 403 404',
      other: '401 200 404 404 404 200',
      missing: '401 404 404 404 404 404',
    },
  },
  {
    // The SMS budget warning: whoever edits the entity's settings (it names residents' numbers).
    route: 'GET /api/entities/:id/sms-usage',
    object: (c) => c.tenant.org,
    expect: {
      own: '401 200 200 200 403 404',
      other: '401 200 404 404 404 200',
      missing: '401 404 404 404 404 404',
    },
  },
  {
    // Moving (drag and drop) is the superadmin's; the entity moves from the tenant's group to its organization.
    route: 'PUT /api/entities/:id (move)',
    object: async (c) => c.entity('group', c.tenant.group.id),
    body: (_ref, c) => ({ parentId: c.tenant.org.id }),
    expect: SUPERADMIN_ON_OBJECT(200),
  },
  {
    route: 'DELETE /api/entities/:id',
    object: (c) => c.entity('group'),
    body: () => ({}),
    expect: {
      own: '401 200 200 403 403 404',
      other: '401 200 404 404 404 200',
      missing: '401 404 404 404 404 404',
    },
  },
  {
    route: 'POST /api/entities/:id/regenerate-api-key',
    object: (c) => c.entity('display'),
    expect: SUPERADMIN_ON_OBJECT(200),
  },
  // Every role that may see a display may preview it (issue 11 item 1).
  { route: 'POST /api/entities/:id/display-preview', object: (c) => c.tenant.display, expect: READ },

  // ── members ─────────────────────────────────────────────────────────────────────────────────
  { route: 'GET /api/entities/:id/members', object: (c) => c.tenant.org, expect: READ },
  {
    route: 'POST /api/entities/:id/members',
    object: (c) => c.tenant.org,
    body: (_ref, c) => [{ email: `added-${c.unique()}@example.com`, role: 'moderator' }],
    expect: SUPERADMIN_ON_OBJECT(201),
  },
  {
    route: 'DELETE /api/entities/:id/members/:userId',
    object: async (c) => {
      const group = await c.entity('group');
      return { id: group.id, userId: (await c.user('moderator', group.id)).id };
    },
    // A member of the other tenant only, removed through tenant A's organization.
    crossed: async (c) => ({
      id: c.tenant.org.id,
      userId: (await c.user('moderator', c.stranger.org.id)).id,
    }),
    expect: { ...SUPERADMIN_ON_OBJECT(200), crossed: '401 404 403 403 403 404' },
  },
  {
    route: 'PUT /api/entities/:id/members/:userId/permissions',
    object: async (c) => ({ id: c.tenant.org.id, userId: (await c.user('moderator')).id }),
    body: () => ({ autoApprove: true }),
    crossed: async (c) => ({
      id: c.tenant.org.id,
      userId: (await c.user('moderator', c.stranger.org.id)).id,
    }),
    expect: { ...SUPERADMIN_ON_OBJECT(200), crossed: '401 404 403 403 403 404' },
  },

  // ── superadmin area ─────────────────────────────────────────────────────────────────────────
  { route: 'GET /api/admin/displays', expect: { none: '401 200 403 403 403 403' } },
  {
    route: 'POST /api/admin/displays/update',
    object: (c) => c.tenant.display,
    body: (ref) => ({ entities: [ref.id] }),
    // A missing display id is a validation error of the body (400), not a missing route object.
    expect: {
      own: '401 200 403 403 403 403',
      other: '401 200 403 403 403 403',
      missing: '401 400 403 403 403 403',
    },
  },
  { route: 'GET /api/admin/master', expect: { none: '401 200 403 403 403 403' } },
  // ── history (issue 17): owners and administrators of the subtree, the superadmin everywhere ──
  {
    route: 'GET /api/entities/:id/history',
    object: (c) => c.tenant.group,
    expect: {
      own: '401 200 200 200 403 404',
      other: '401 200 404 404 404 200',
      missing: '401 404 404 404 404 404',
    },
  },
  { route: 'GET /api/admin/history', expect: { none: '401 200 403 403 403 403' } },
  {
    route: 'POST /api/admin/install',
    body: () => ({
      adminEmail: 'again@example.com',
      adminPassword: 'long-enough-password',
      rootEntity: 'Again',
    }),
    expect: { none: '409 409 409 409 409 409' },
  },

  // ── users and account ───────────────────────────────────────────────────────────────────────
  { route: 'GET /api/users', expect: { none: '401 200 403 403 403 403' } },
  {
    // The tenant's moderator (A) or owner (B): a user sees themself, the superadmin sees everyone.
    route: 'GET /api/users/:id',
    object: (c) => c.tenant.member,
    expect: {
      own: '401 200 404 404 200 404',
      other: '401 200 404 404 404 200',
      missing: '401 404 404 404 404 404',
    },
  },
  {
    route: 'PUT /api/users/:id',
    object: (c) => c.tenant.member,
    body: () => ({ name: 'Named by the matrix' }),
    expect: {
      own: '401 200 404 404 200 404',
      other: '401 200 404 404 404 200',
      missing: '401 404 404 404 404 404',
    },
  },
  {
    route: 'POST /api/users/:id/generateNewPassword',
    object: (c) => c.user('moderator'),
    expect: {
      own: '401 201 403 403 403 403',
      other: '401 201 403 403 403 403',
      missing: '401 404 403 403 403 403',
    },
  },
  { route: 'GET /api/account', expect: { none: '401 200 200 200 200 200' } },
  {
    route: 'PUT /api/account',
    body: () => ({ name: 'Me myself' }),
    expect: { none: '401 200 200 200 200 200' },
  },
  {
    // A wrong current password: reaches the check for every signed-in user without changing anything.
    route: 'POST /api/account/change-password',
    body: () => ({
      password: 'not-the-password',
      newPassword: 'another-password',
      confirmNewPassword: 'another-password',
    }),
    expect: { none: '401 400 400 400 400 400' },
  },
  // Own phone confirmation (issue 28 item 5): every signed-in user, for their own number only (no
  // id in the path). Without an open code the answer is 400 code_expired; without a number, no SMS.
  {
    route: 'POST /api/account/phone/verify',
    body: () => ({ code: '123456' }),
    expect: { none: '401 400 400 400 400 400' },
  },
  { route: 'POST /api/account/phone/code', expect: { none: '401 200 200 200 200 200' } },
  ...assetMatrixRows,
  ...contentMatrixRows,
  ...smsTransitMatrixRows,
  ...alertMatrixRows,
  ...healthMatrixRows,
];
