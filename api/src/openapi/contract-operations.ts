import type { ErrorCode, RouteDefinition } from '@oppslag/common';
import type { ZodOpenApiOperationObject } from 'zod-openapi';
import { errorBodySchema } from './error-body';

/** The status each error code is answered with (api/src/errors.ts and the services). */
const STATUS_OF: Record<string, number> = {
  validation_failed: 400,
  malformed_json: 400,
  reset_token_invalid: 400,
  password_mismatch: 400,
  wrong_password: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  token_invalid: 401,
  forbidden: 403,
  demo_password_refused: 403,
  install_token_required: 403,
  not_found: 404,
  not_installed: 404,
  conflict: 409,
  already_installed: 409,
  code_word_taken: 409,
  sms_notification_limit: 409,
  cannot_remove_self: 409,
  inherited_member: 409,
  entity_has_children: 409,
  feature_disabled: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unsupported_file: 415,
  invalid_file: 422,
  invalid_move: 422,
  rate_limited: 429,
  upstream_failed: 502,
  service_unavailable: 503,
};

/** The codes every route of an auth level can answer with, on top of the route's own. */
function implicitErrors(route: RouteDefinition): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (route.auth !== 'public') codes.push('unauthorized', 'token_invalid');
  if (route.auth === 'superadmin') codes.push('forbidden');
  if (route.auth === 'self') codes.push('not_found');
  if (route.permission) codes.push('forbidden', 'not_found');
  if (route.params) codes.push('not_found');
  if (route.query || route.body) codes.push('validation_failed');
  if (route.body) codes.push('malformed_json');
  return codes;
}

/** `get` + `/content/{entityId}/note` → `getContentEntityIdNote`. */
export function operationId(method: string, path: string): string {
  return `${method}${path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string) => (c ? c.toUpperCase() : ''))}`;
}

/** The OpenAPI operation of a route contract; error answers are grouped by status with their codes. */
export function contractOperation(route: RouteDefinition): ZodOpenApiOperationObject {
  const responses: ZodOpenApiOperationObject['responses'] = {
    [String(route.status ?? 200)]:
      route.status === 204
        ? { description: 'No content' }
        : {
            description: 'OK',
            content: { [route.produces ?? 'application/json']: { schema: route.response } },
          },
  };
  const byStatus = new Map<number, Set<string>>();
  for (const code of [...implicitErrors(route), ...route.errors]) {
    const status = STATUS_OF[code] ?? 400;
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b))
    responses[String(status) as `4${string}`] = {
      description: `Error codes: ${[...codes].join(', ')}`,
      content: { 'application/json': { schema: errorBodySchema } },
    };
  const permission = route.permission ? ` Needs \`${route.permission}\` on the entity.` : '';
  const who = {
    public: 'No sign-in.',
    user: 'Signed-in user.',
    superadmin: 'Superadmin only.',
    self: 'The superadmin, or the user named by {id} (404 for anyone else).',
    display: 'Display token.',
  }[route.auth];
  return {
    summary: route.summary,
    description: [`${who}${permission}`, route.description].filter(Boolean).join('\n\n'),
    tags: [...route.tags],
    operationId: operationId(route.method, `/api${route.path}`),
    ...(route.auth === 'public' ? { security: [] } : {}),
    ...(route.params || route.query
      ? {
          requestParams: {
            ...(route.params ? { path: route.params } : {}),
            ...(route.query ? { query: route.query } : {}),
          },
        }
      : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } }
      : {}),
    responses,
  };
}
