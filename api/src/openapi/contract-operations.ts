import { ERROR_STATUS, implicitErrors, type RouteDefinition } from '@oppslag/common';
import type { ZodOpenApiOperationObject } from 'zod-openapi';
import { errorBodySchema } from './error-body';

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
    const status = ERROR_STATUS[code];
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
