import { z } from 'zod';
import type { ErrorCode } from '../errors';
import { type Permission, ROLE_PERMISSIONS } from '../permissions';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route. `user`: any signed-in console user (plus `permission` on the entity named
 * by a path parameter); `superadmin`: the superadmin only (with a `permission`, a user who cannot
 * see the entity gets 404 before the 403); `self`: the superadmin or the user named by the `{id}`
 * path parameter, anyone else gets 404; `display`: a display token; `public`: anyone (a user token
 * is still read when sent).
 */
export type RouteAuth = 'public' | 'user' | 'superadmin' | 'self' | 'display';

/**
 * The one declaration of a route: validation on the server, the OpenAPI document and the typed
 * client all come from it. `path` is relative to `/api` and written as an OpenAPI template
 * (`/content/{entityId}/note`).
 */
export interface RouteDefinition {
  method: HttpMethod;
  path: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The presenter's output shape of the success answer. */
  response: z.ZodType;
  /** Content type of a non-JSON answer (an image); the handler then returns the bytes. */
  produces?: string;
  /** Success status; 200 unless given. */
  status?: 200 | 201 | 202 | 204;
  /** The error codes this route can answer with besides the generic ones of its auth level. */
  errors: readonly ErrorCode[];
  auth: RouteAuth;
  /** Permission the caller needs on the entity named by `entityParam` (spec §6). */
  permission?: Permission;
  /** The path parameter holding the entity id checked for `permission`; `entityId`, else `id`. */
  entityParam?: string;
  summary: string;
  /** Longer text for the OpenAPI document (e.g. the spec's name of a renamed field). */
  description?: string;
  tags: readonly string[];
}

/** Declares a route; checks at load time that a permission names an entity path parameter. */
export function defineRoute<const D extends RouteDefinition>(def: D): D {
  if (def.permission) {
    const name = entityParamOf(def);
    if (!name || !def.params?.shape[name])
      throw new Error(`${def.method} ${def.path}: permission needs an entity path parameter`);
  }
  if (def.auth === 'self' && !def.params?.shape.id)
    throw new Error(`${def.method} ${def.path}: auth 'self' needs an {id} path parameter`);
  for (const name of pathParamNames(def.path))
    if (!def.params?.shape[name]) throw new Error(`${def.method} ${def.path}: no schema for {${name}}`);
  const implicit = implicitErrors(def);
  for (const code of def.errors)
    if (implicit.includes(code))
      throw new Error(`${def.method} ${def.path}: '${code}' is implicit for this route; do not declare it`);
  if (new Set(def.errors).size !== def.errors.length)
    throw new Error(`${def.method} ${def.path}: an error code is declared twice`);
  return def;
}

/** The path parameter an entity permission is checked on. */
export function entityParamOf(def: RouteDefinition): string | undefined {
  if (def.entityParam) return def.entityParam;
  const names = pathParamNames(def.path);
  return names.includes('entityId') ? 'entityId' : names.includes('id') ? 'id' : undefined;
}

/**
 * The codes every route of its kind can answer with besides its own `errors`: what the mounting
 * layer checks before a handler runs (sign-in, superadmin, `self`, the entity permission, the path,
 * query and body schemas) and what the body parser and the storable-text check refuse first. A route's own `errors` never repeat
 * these (defineRoute refuses it), so each declared code says something about the handler.
 */
export function implicitErrors(def: RouteDefinition): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  // A user token is read on every route when one is sent (public ones too) and a bad one refused,
  // except below /display/ and /assets/, whose public routes read their tokens themselves.
  if (def.auth !== 'public' || !/^\/(display|assets)\//.test(def.path)) codes.add('token_invalid');
  if (def.auth !== 'public') codes.add('unauthorized');
  if (def.auth === 'superadmin') codes.add('forbidden');
  if (def.auth === 'self') codes.add('not_found');
  // An entity the caller cannot read does not exist for them; 403 only where some role that
  // reads it lacks the permission (every role holds `read` and `moderate_content`).
  if (def.permission) codes.add('not_found');
  const permission = def.permission;
  if (permission && Object.values(ROLE_PERMISSIONS).some((perms) => !perms.includes(permission)))
    codes.add('forbidden');
  if (def.params) codes.add('not_found');
  // Text the database cannot store is refused in any query string or body, before routing.
  codes.add('validation_failed');
  // The body parser reads every request of these methods, with or without a body schema.
  if (def.method !== 'get') codes.add('malformed_json').add('invalid_body').add('payload_too_large');
  return [...codes];
}

/** Every error code a route may answer with: its kind's implicit codes and its declared ones. */
export function answerableErrors(def: RouteDefinition): ReadonlySet<ErrorCode> {
  return new Set([...implicitErrors(def), ...def.errors]);
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives after validation. */
export type RouteParams<R extends RouteDefinition> = Output<R['params']>;
export type RouteQuery<R extends RouteDefinition> = Output<R['query']>;
export type RouteBody<R extends RouteDefinition> = Output<R['body']>;
/** What a handler returns and a client receives. */
export type RouteResponse<R extends RouteDefinition> = z.output<R['response']>;

/** What a client sends: path values as numbers or strings, query and body as their wire input. */
export type RouteParamsInput<R extends RouteDefinition> = R['params'] extends z.ZodObject
  ? { [K in keyof z.input<R['params']>]: string | number }
  : undefined;
export type RouteQueryInput<R extends RouteDefinition> = Input<R['query']>;
export type RouteBodyInput<R extends RouteDefinition> = Input<R['body']>;

/**
 * A numeric id in a path. Anything that is not a positive 32-bit integer names an object that
 * cannot exist; the server answers such a path with 404 `{what} not found` (the issue message).
 */
export const pathId = (what: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${what} not found`)
    .transform(Number)
    .refine((n) => n > 0 && n <= 2147483647, `${what} not found`)
    .meta({ description: `${what} id` });

/** `{ id, deleted: true }`: the answer of a delete. */
export const deletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
