import type { ErrorCode } from '@oppslag/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  allRoutes,
  ErrorContractWalk,
  fillPath,
  MISSING_ID,
  routeKey,
  routeOf,
} from '../test/error-contract-walk';
import { createWorld, grant, type World } from '../test/fixtures';
import { startTestApi, type TestApi } from '../test/harness';

/**
 * The error-contract walk (issue 27 item 6). Every route of the contract is sent bad requests
 * (no sign-in, a garbage token, an impossible or missing id, a caller without rights, unstorable
 * text, malformed, oversized and too deeply nested JSON, a body of the wrong type), then the requests in PROBES reach
 * the codes routes declare for themselves. Every answer must carry a code its route may answer
 * (mountRoute's enforcement turns an undeclared one into a 500, which fails here too), and at the
 * end every code a route may answer must have been answered, except the few in UNWALKED.
 */

const CROP = { page: 1, offsetX: 0, offsetY: 0, scale: 1 };

type Probe = (api: TestApi, world: World) => Promise<Answer>;

/** Requests reaching the codes that routes declare for themselves (`errors: [...]`). */
const PROBES: Record<string, Partial<Record<ErrorCode, Probe>>> = {
  'PUT /users/{id}': {
    email_taken: (api, w) =>
      api.request('PUT', `/api/users/${w.users.owner.id}`, {
        token: w.users.superadmin.token,
        body: { email: 'moderator@example.com' },
      }),
    last_admin: (api, w) =>
      api.request('PUT', `/api/users/${w.users.superadmin.id}`, {
        token: w.users.superadmin.token,
        body: { admin: false },
      }),
    forbidden: (api, w) =>
      api.request('PUT', `/api/users/${w.users.owner.id}`, {
        token: w.users.owner.token,
        body: { admin: true },
      }),
    wrong_password: (api, w) =>
      api.request('PUT', `/api/users/${w.users.moderator.id}`, {
        token: w.users.moderator.token,
        body: { email: 'new-moderator@example.com', currentPassword: 'not-it' },
      }),
  },
  'PUT /account': {
    email_taken: (api, w) =>
      api.request('PUT', '/api/account', {
        token: w.users.administrator.token,
        body: { email: 'owner@example.com', currentPassword: 'administrator-password' },
      }),
    wrong_password: (api, w) =>
      api.request('PUT', '/api/account', {
        token: w.users.administrator.token,
        body: { email: 'other@example.com', currentPassword: 'not-it' },
      }),
  },
  'POST /account/change-password': {
    wrong_password: (api, w) =>
      api.request('POST', '/api/account/change-password', {
        token: w.users.owner.token,
        body: {
          password: 'not-it',
          newPassword: 'A-long-new-pass-1',
          confirmNewPassword: 'A-long-new-pass-1',
        },
      }),
    password_mismatch: (api, w) =>
      api.request('POST', '/api/account/change-password', {
        token: w.users.owner.token,
        body: {
          password: 'owner-password',
          newPassword: 'A-long-new-pass-1',
          confirmNewPassword: 'Other-pass-22',
        },
      }),
  },
  'GET /admin/master': {
    not_installed: (api, w) => api.request('GET', '/api/admin/master', { token: w.users.superadmin.token }),
  },
  'POST /authentication/login': {
    invalid_credentials: (api) =>
      api.request('POST', '/api/authentication/login', {
        body: { email: 'owner@example.com', password: 'nope' },
      }),
  },
  'POST /authentication/reset-password/confirm': {
    reset_token_invalid: (api) =>
      api.request('POST', '/api/authentication/reset-password/confirm', {
        body: { token: 'x'.repeat(43), newPassword: 'A-long-new-pass-1' },
      }),
  },
  'POST /entities': {
    forbidden: (api, w) =>
      api.request('POST', '/api/entities', {
        token: w.users.owner.token,
        body: { name: 'Top', type: 'organization' },
      }),
    not_found: (api, w) =>
      api.request('POST', '/api/entities', {
        token: w.users.superadmin.token,
        body: { name: 'Lost', type: 'group', parentId: MISSING_ID },
      }),
    code_word_taken: (api, w) =>
      api.request('POST', '/api/entities', {
        token: w.users.superadmin.token,
        body: { name: 'Copy', type: 'organization', parentId: w.entities.root.id, codeWord: 'orga' },
      }),
  },
  'PUT /entities/{id}': {
    code_word_taken: (api, w) =>
      api.request('PUT', `/api/entities/${w.entities.orgB.id}`, {
        token: w.users.superadmin.token,
        body: { codeWord: 'orga' },
      }),
    invalid_move: (api, w) =>
      api.request('PUT', `/api/entities/${w.entities.orgA.id}`, {
        token: w.users.superadmin.token,
        body: { parentId: w.entities.groupA.id },
      }),
    entity_has_children: (api, w) =>
      api.request('PUT', `/api/entities/${w.entities.orgB.id}`, {
        token: w.users.superadmin.token,
        body: { type: 'display' },
      }),
    feature_disabled: (api, w) =>
      api.request('PUT', `/api/entities/${w.entities.groupA.id}`, {
        token: w.users.superadmin.token,
        body: { features: ['banner', 'adsSmall'] },
      }),
  },
  'DELETE /entities/{id}/members/{userId}': {
    cannot_remove_self: (api, w) =>
      api.request('DELETE', `/api/entities/${w.entities.orgA.id}/members/${w.users.superadmin.id}`, {
        token: w.users.superadmin.token,
      }),
    inherited_member: (api, w) =>
      api.request('DELETE', `/api/entities/${w.entities.groupA.id}/members/${w.users.owner.id}`, {
        token: w.users.superadmin.token,
      }),
  },
  'PUT /entities/{id}/members/{userId}/permissions': {
    inherited_member: (api, w) =>
      api.request('PUT', `/api/entities/${w.entities.groupA.id}/members/${w.users.owner.id}/permissions`, {
        token: w.users.superadmin.token,
        body: { autoApprove: true },
      }),
  },
  'POST /content/{entityId}/{slot}': {
    forbidden: (api, w) =>
      api.request('POST', `/api/content/${w.entities.orgA.id}/partnerLogo`, {
        token: w.users.owner.token,
        body: {},
      }),
  },
  'PUT /content/{entityId}/{slot}/{contentId}': {
    forbidden: (api, w) =>
      api.request('PUT', `/api/content/${w.entities.orgA.id}/partnerLogo/${MISSING_ID}`, {
        token: w.users.owner.token,
        body: {},
      }),
  },
  'DELETE /content/{entityId}/{slot}/{contentId}': {
    forbidden: (api, w) =>
      api.request('DELETE', `/api/content/${w.entities.orgA.id}/partnerLogo/${MISSING_ID}`, {
        token: w.users.owner.token,
      }),
  },
  'POST /display/register': {
    invalid_credentials: (api) =>
      api.request('POST', '/api/display/register', {
        body: { displayId: String(MISSING_ID), apiKey: 'wrong-key' },
      }),
  },
  'POST /assets/upload': {
    unauthorized: (api) => api.request('POST', '/api/assets/upload', { raw: new FormData() }),
    unsupported_media_type: (api, w) =>
      api.request('POST', '/api/assets/upload', { token: w.users.owner.token, body: { entity: 1 } }),
  },
  'GET /assets/{id}': {
    unauthorized: (api) => api.request('GET', '/api/assets/abcdef'),
  },
  'PUT /assets/{id}': {
    unauthorized: (api) => api.request('PUT', '/api/assets/abcdef', { body: CROP }),
    token_invalid: (api) => api.request('PUT', '/api/assets/abcdef', { token: 'garbage', body: CROP }),
  },
  'PUT /assets/{id}/cropped': {
    unauthorized: (api) => api.request('PUT', '/api/assets/abcdef/cropped', { raw: new FormData() }),
  },
  'POST /assets/session': {
    unauthorized: (api) => api.request('POST', '/api/assets/session'),
  },
};

/**
 * Codes the walk does not reach yet, each with what reaching it takes. The walk fails when one of
 * these is reached (take it off the list) and when any other code goes unreached.
 */
const UNWALKED: Record<string, string> = {
  'PUT /account rate_limited': 'spends a sign-in budget (login-limiter tests)',
  'POST /account/change-password rate_limited': 'spends a sign-in budget (login-limiter tests)',
  'POST /authentication/login demo_password_refused':
    'needs a production or remote, uninstalled server (install and auth tests)',
  'POST /authentication/login rate_limited': 'spends a sign-in budget (login-limiter tests)',
  'POST /authentication/reset-password rate_limited': 'spends a sign-in budget (login-limiter tests)',
  'PUT /entities/{id} conflict': 'needs a targeted request not written yet',
  'DELETE /entities/{id} entity_has_children': 'needs a targeted request not written yet',
  'DELETE /entities/{id} conflict': 'needs a targeted request not written yet',
  'DELETE /entities/{id} invalid_move': 'needs a targeted request not written yet',
  'POST /admin/install already_installed':
    'needs a production or remote, uninstalled server (install and auth tests)',
  'POST /admin/install install_token_required':
    'needs a production or remote, uninstalled server (install and auth tests)',
  'PUT /entities/{id}/members/{userId}/permissions sms_notification_limit':
    'needs a targeted request not written yet',
  'PUT /users/{id} rate_limited': 'spends a sign-in budget (login-limiter tests)',
  'GET /content/{entityId}/{slot} not_found':
    'the slot path parameter is read by the handler, not the path schema',
  'GET /content/{entityId}/{slot} feature_disabled': 'needs a FEATURE_SET with the slot off (content tests)',
  'POST /content/{entityId}/{slot} not_found':
    'the slot path parameter is read by the handler, not the path schema',
  'POST /content/{entityId}/{slot} feature_disabled': 'needs a FEATURE_SET with the slot off (content tests)',
  'PUT /content/{entityId}/{slot}/{contentId} not_found':
    'the slot path parameter is read by the handler, not the path schema',
  'PUT /content/{entityId}/{slot}/{contentId} feature_disabled':
    'needs a FEATURE_SET with the slot off (content tests)',
  'DELETE /content/{entityId}/{slot}/{contentId} not_found':
    'the slot path parameter is read by the handler, not the path schema',
  'DELETE /content/{entityId}/{slot}/{contentId} feature_disabled':
    'needs a FEATURE_SET with the slot off (content tests)',
  'POST /assets/upload forbidden': 'needs an uploaded file or a display token (assets tests)',
  'POST /assets/upload unsupported_file': 'needs an uploaded file or a display token (assets tests)',
  'POST /assets/upload invalid_file': 'needs an uploaded file or a display token (assets tests)',
  'POST /assets/upload not_found': 'needs an uploaded file or a display token (assets tests)',
  'PUT /assets/{id} not_found': 'needs an uploaded file or a display token (assets tests)',
  'PUT /assets/{id} forbidden': 'needs an uploaded file or a display token (assets tests)',
  'PUT /assets/{id}/cropped forbidden': 'needs an uploaded file or a display token (assets tests)',
  'PUT /assets/{id}/cropped unsupported_media_type':
    'needs an uploaded file or a display token (assets tests)',
  'PUT /assets/{id}/cropped unsupported_file': 'needs an uploaded file or a display token (assets tests)',
  'PUT /assets/{id}/cropped invalid_file': 'needs an uploaded file or a display token (assets tests)',
  'POST /assets/session forbidden': 'needs an uploaded file or a display token (assets tests)',
  'POST /entities/{id}/transit-stops conflict': 'needs a targeted request not written yet',
  'GET /transit/search-stops upstream_failed': 'needs a failing Entur fake (transit tests)',
  'POST /display/token forbidden': 'needs a targeted request not written yet',
  'POST /sms/inbound/{provider} validation_failed': 'needs a configured, signing SMS provider (sms tests)',
  'POST /sms/inbound/{provider} unauthorized': 'needs a configured, signing SMS provider (sms tests)',
  'POST /sms/inbound/{provider} service_unavailable': 'needs a configured, signing SMS provider (sms tests)',
  'POST /entities/{id}/display-preview rate_limited': 'spends a route budget (route-limits tests)',
  'POST /entities/{id}/health/screenshot rate_limited': 'spends a route budget (route-limits tests)',
  'GET /transit/search-stops rate_limited': 'spends a route budget (route-limits tests)',
  'POST /assets/upload rate_limited': 'spends a route budget (route-limits tests)',
  'PUT /assets/{id}/cropped rate_limited': 'spends a route budget (route-limits tests)',
};

describe('the error-contract walk', () => {
  let api: TestApi;
  let world: World;
  const walk = new ErrorContractWalk();
  const failures: string[] = [];
  const send = async (key: string, probe: Probe) => {
    const failure = walk.record(routeOf(key), await probe(api, world));
    if (failure) failures.push(failure);
  };

  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
    // A member, so that removing oneself is refused as such rather than as a missing member.
    await grant(api.deps, world.users.superadmin.id, world.entities.orgA.id, 'owner');
  });
  afterAll(() => api.close());

  it('answers every bad request to every route with a code the route may answer', async () => {
    const { superadmin, sibling, moderator } = world.users;
    const real = { id: world.entities.orgA.id, entityId: world.entities.orgA.id };
    for (const route of allRoutes) {
      const key = routeKey(route);
      const path = fillPath(route, real);
      const method = route.method.toUpperCase();
      const token = route.auth === 'display' ? undefined : superadmin.token;
      await send(key, (a) => a.request(method, path));
      await send(key, (a) => a.request(method, path, { token: 'garbage' }));
      await send(key, (a) => a.request(method, `${path}?q=%00`, { token }));
      if (route.params) {
        const impossible = Object.fromEntries(Object.keys(route.params.shape).map((name) => [name, 'abc']));
        await send(key, (a) => a.request(method, fillPath(route, impossible), { token }));
        await send(key, (a) => a.request(method, fillPath(route), { token }));
      }
      // Callers who cannot see the entity (404) and who see it with the fewest rights (403).
      if (route.params || route.auth === 'superadmin')
        for (const caller of [sibling, moderator])
          await send(key, (a) =>
            a.request(method, path, { token: caller.token, body: route.body ? {} : undefined }),
          );
      if (route.method !== 'get') {
        const json = { 'content-type': 'application/json' };
        await send(key, (a) => a.request(method, path, { token, headers: json, raw: '{"name":' }));
        await send(key, (a) =>
          a.request(method, path, { token, headers: json, raw: `"${'x'.repeat(300_000)}"` }),
        );
        await send(key, (a) =>
          a.request(method, path, { token, headers: json, raw: `${'['.repeat(40)}${']'.repeat(40)}` }),
        );
      }
      if (route.body) await send(key, (a) => a.request(method, path, { token, body: [] }));
    }
    expect(failures).toEqual([]);
  });

  it('reaches each code a route declares with a targeted request', async () => {
    for (const [key, probes] of Object.entries(PROBES))
      for (const [code, probe] of Object.entries(probes)) {
        const res = await probe(api, world);
        if (res.body?.error?.code !== code)
          failures.push(`${key}: ${code} probe answered ${res.status} ${JSON.stringify(res.body)}`);
        await send(key, async () => res);
      }
    expect(failures).toEqual([]);
  });

  it('leaves no code a route may answer unanswered (a declared code nothing answers is a contract error)', () => {
    const unreached = walk.unreached();
    expect(unreached.filter((pair) => !(pair in UNWALKED))).toEqual([]);
    expect(Object.keys(UNWALKED).filter((pair) => !unreached.includes(pair))).toEqual([]);
  });
});
