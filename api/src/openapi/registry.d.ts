import { type RouteDefinition } from '@oppslag/common';
import type { z } from 'zod';
import { createDocument } from 'zod-openapi';
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
export declare function registerPaths(specs: PathSpec[]): void;
export declare function registeredPaths(): PathSpec[];
/** Every route declared in the contract, as `[method, path under /api, route]`. */
export declare function contractRoutes(): RouteDefinition[];
/** The OpenAPI 3.1 document of every contract route (and every call still in the legacy registry). */
export declare function buildOpenApiDocument(info: {
  version: string;
  serverUrl?: string;
}): ReturnType<typeof createDocument>;
