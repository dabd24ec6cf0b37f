import { contract, type RouteDefinition } from '@oppslag/common';
import type { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { contractOperation, operationId } from './contract-operations';
import { errorBodySchema } from './error-body';

export { errorBodySchema };

/**
 * Legacy registry for routers not yet declared in `@oppslag/common` contracts (those are read from
 * `contract` directly, see `buildOpenApiDocument`); it goes when the last router is converted.
 * Each router declares its calls once, next to the router, with
 *
 *   registerPaths([{ method: 'post', path: '/api/entities', summary: 'Create an entity',
 *     tags: ['entities'], body: createEntitySchema, params: z.object({ id: z.string() }),
 *     responses: { 201: entitySchema, 400: 'Validation failed' } }]);
 *
 * Paths use OpenAPI templates (`/api/users/{id}`), not Koa's `:id`. A response is a zod schema
 * (JSON body), `null` (empty body) or a string (an error answer with that description; it gets
 * the shared error schema). `auth` defaults to true (bearer JWT). Registering the same method and
 * path again replaces the entry, so building the app twice (tests) does not duplicate anything.
 * `GET /api/openapi.json` renders whatever is registered when it is first asked for.
 */
export interface PathSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tags?: string[];
  body?: z.ZodType;
  params?: z.ZodObject;
  query?: z.ZodObject;
  responses: Record<number, z.ZodType | string | null>;
  auth?: boolean;
}

const registry = new Map<string, PathSpec>();

export function registerPaths(specs: PathSpec[]): void {
  for (const spec of specs) registry.set(`${spec.method} ${spec.path}`, spec);
}

export function registeredPaths(): PathSpec[] {
  return [...registry.values()];
}

function operation(spec: PathSpec): ZodOpenApiOperationObject {
  const responses: ZodOpenApiOperationObject['responses'] = {};
  for (const [code, response] of Object.entries(spec.responses)) {
    const status = code as `${1 | 2 | 3 | 4 | 5}${string}`;
    if (response === null) responses[status] = { description: 'No content' };
    else if (typeof response === 'string')
      responses[status] = {
        description: response,
        content: { 'application/json': { schema: errorBodySchema } },
      };
    else responses[status] = { description: 'OK', content: { 'application/json': { schema: response } } };
  }
  return {
    summary: spec.summary,
    tags: spec.tags,
    operationId: operationId(spec.method, spec.path),
    ...(spec.auth === false ? { security: [] } : {}),
    ...(spec.params || spec.query
      ? {
          requestParams: {
            ...(spec.params ? { path: spec.params } : {}),
            ...(spec.query ? { query: spec.query } : {}),
          },
        }
      : {}),
    ...(spec.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: spec.body } } } }
      : {}),
    responses,
  };
}

/** Every route declared in the contract, as `[method, path under /api, route]`. */
export function contractRoutes(): RouteDefinition[] {
  return Object.values(contract).flatMap((resource) => Object.values<RouteDefinition>(resource));
}

/** The OpenAPI 3.1 document of every contract route (and every call still in the legacy registry). */
export function buildOpenApiDocument(info: {
  version: string;
  serverUrl?: string;
}): ReturnType<typeof createDocument> {
  const operations = new Map<
    string,
    { method: PathSpec['method']; path: string; op: ZodOpenApiOperationObject }
  >();
  for (const spec of registeredPaths())
    operations.set(`${spec.method} ${spec.path}`, {
      method: spec.method,
      path: spec.path,
      op: operation(spec),
    });
  for (const route of contractRoutes()) {
    const path = `/api${route.path}`;
    operations.set(`${route.method} ${path}`, { method: route.method, path, op: contractOperation(route) });
  }
  const paths: ZodOpenApiPathsObject = {};
  const sorted = [...operations.values()].sort(
    (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  );
  for (const { method, path, op } of sorted) {
    paths[path] ??= {};
    paths[path][method] = op;
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Oppslag API',
        version: info.version,
        description: 'REST API of the Oppslag notice-board console and display player.',
      },
      ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
      security: [{ bearer: [] }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      paths,
    },
    { allowEmptySchema: { custom: true, unknown: true, any: true } },
  );
}
