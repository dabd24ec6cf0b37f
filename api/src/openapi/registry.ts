import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';

/**
 * The OpenAPI registry. Each router declares its calls once, next to the router, with
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

/** The error envelope every failing call answers with (ARCHITECTURE.md, fixed interfaces). */
export const errorBodySchema = z
  .object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) })
  .meta({ id: 'Error' });

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
    operationId: `${spec.method}${spec.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string) => (c ? c.toUpperCase() : ''))}`,
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

/** The OpenAPI 3.1 document of every registered call. */
export function buildOpenApiDocument(info: {
  version: string;
  serverUrl?: string;
}): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  const sorted = registeredPaths().sort(
    (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  );
  for (const spec of sorted) {
    paths[spec.path] ??= {};
    paths[spec.path][spec.method] = operation(spec);
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
