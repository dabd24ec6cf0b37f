import type Router from '@koa/router';
import type { RouterContext, RouterMiddleware } from '@koa/router';
import {
  answerableErrors,
  entityParamOf,
  type HistorySource,
  type Permission,
  type RouteBody,
  type RouteDefinition,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@oppslag/common';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { type UnitOfWork, unitOfWorkOf } from '../db/unit-of-work';
import type { AppDeps } from '../deps';
import { AppError, fieldErrorsOf, notFound, parse, unauthorized } from '../errors';
import { withChangeSource } from '../lib/change-source';
import type { DisplayClaims } from '../lib/tokens';
import { type AuthedUser, actorOf } from '../middleware/auth';
import { type DisplayState, displayAuth, displayClaimsOf } from '../middleware/display-auth';
import { authorizeEntity, requireAdmin } from '../services/access.service';

/** What the entity permission check found: the chain up to the root and the caller's permissions. */
export interface EntityAccess {
  ancestry: number[];
  permissions: Permission[];
}

export type { UnitOfWork } from '../db/unit-of-work';

/** What a handler is handed: validated input, the caller, the entity access, deps and the unit of work. */
export interface HandlerInput<R extends RouteDefinition> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  actor: R['auth'] extends 'user' | 'superadmin' | 'self' ? AuthedUser : AuthedUser | undefined;
  display: R['auth'] extends 'display' ? DisplayClaims : undefined;
  access: R['permission'] extends Permission ? EntityAccess : undefined;
  deps: AppDeps;
  uow: UnitOfWork;
  /** For what a contract does not describe: response headers, the client address. */
  ctx: RouterContext<DisplayState>;
}

/**
 * An answer a handler already wrote as JSON text (long lists built from kept fragments, see
 * entity-tree.service.ts); `T` is the value the text holds, so it is typed like any other answer.
 * Outside production it is parsed back and checked against the contract like every answer.
 */
export class JsonText<T> {
  declare readonly value: T;
  constructor(readonly text: string | Buffer) {}
}

export type Handler<R extends RouteDefinition> = (
  input: HandlerInput<R>,
) => Promise<RouteResponse<R> | JsonText<RouteResponse<R>>> | RouteResponse<R> | JsonText<RouteResponse<R>>;

/** A path that names no possible object answers 404 with the schema's message (`Entity not found`). */
function parseParams(
  schema: RouteDefinition['params'],
  raw: Record<string, string>,
): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw new AppError('not_found', result.error.issues[0]?.message ?? 'Not found');
}

/**
 * Validates a body or query. A refinement may name its own error code (`params: { code }`, e.g.
 * `password_mismatch`); when every issue carries one, that code answers. Otherwise `parse()` does.
 */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const codes = result.error.issues.map((i) => (i.code === 'custom' ? i.params?.code : undefined));
  if (typeof codes[0] === 'string' && codes.every((c) => c === codes[0]))
    throw new AppError(codes[0] as AppError['code'], result.error.issues[0].message, {
      fields: result.error.issues.flatMap((issue) => fieldErrorsOf(issue, input)),
    });
  return parse(schema, input);
}

/** `auth: 'self'`: the superadmin, or the user the path names; for anyone else that user does not exist. */
function requireSelf(actor: AuthedUser, params: Record<string, unknown> | undefined): void {
  if (!actor.admin && params?.id !== actor.id) throw notFound('User');
}

/** Display tokens are verified once per app (the middleware keeps a cache of verified tokens). */
const displayGuards = new WeakMap<AppDeps, Middleware<DisplayState>>();
function displayGuard(deps: AppDeps): Middleware<DisplayState> {
  let guard = displayGuards.get(deps);
  if (!guard) {
    guard = displayAuth(deps);
    displayGuards.set(deps, guard);
  }
  return guard;
}

/**
 * Mounts a route contract on a router. This is the one layer that authenticates, authorizes
 * (`auth` and `permission`) and validates; the handler gets typed input and returns the body.
 * Order: caller (401) → superadmin (403) → path (404) → entity permission (404/403) → query →
 * body (400); with a permission the superadmin check comes after it (visibility first).
 * In development and test the answer is checked against the contract's response schema, so a
 * presenter that drifts from the contract fails its tests.
 */
export function mountRoute<R extends RouteDefinition>(
  router: Router<DisplayState>,
  deps: AppDeps,
  route: R,
  handler: Handler<R>,
): void {
  const koaPath = route.path.replace(/\{(\w+)\}/g, ':$1');
  const uow = unitOfWorkOf(deps);
  const checkResponse = !deps.config.production;
  const run: RouterMiddleware<DisplayState> = async (ctx) => {
    const signedIn = route.auth === 'user' || route.auth === 'superadmin' || route.auth === 'self';
    const actor: AuthedUser | undefined = signedIn ? actorOf(ctx) : ctx.state.user;
    if (route.auth === 'superadmin' && !route.permission) requireAdmin(actorOf(ctx));
    const display = route.auth === 'display' ? displayClaimsOf(ctx) : undefined;
    const params = parseParams(route.params, ctx.params);
    if (route.auth === 'self') requireSelf(actorOf(ctx), params);
    let access: EntityAccess | undefined;
    if (route.permission) {
      if (!actor) throw unauthorized();
      const entityId = params?.[entityParamOf(route) ?? ''];
      if (typeof entityId !== 'number')
        throw new Error(`${route.path}: the entity parameter is not a number`);
      access = await authorizeEntity(deps.database.db, actor, entityId, route.permission);
      if (route.auth === 'superadmin') requireAdmin(actor);
    }
    const query = route.query ? parseInput(route.query, ctx.query) : undefined;
    // An empty request body reads as `{}`, so a body of optional fields may be left out.
    const body = route.body ? parseInput(route.body, ctx.request.body ?? {}) : undefined;
    const input = { params, query, body, actor, display, access, deps, uow, ctx };
    // The values were just validated against the route's schemas; TypeScript cannot follow a
    // generic route's conditional types from the runtime checks, so this is the one cast.
    const result = await withChangeSource(changeSourceOf(route, ctx.get('x-oppslag-client')), () =>
      Promise.resolve(handler(input as HandlerInput<R>)),
    );
    const text = result instanceof JsonText ? result.text : null;
    if (checkResponse && !route.produces) {
      const check = route.response.safeParse(text === null ? result : JSON.parse(text.toString()));
      if (!check.success)
        throw new Error(
          `${route.method.toUpperCase()} ${route.path}: response does not match the contract: ${check.error.message}`,
        );
    }
    ctx.status = route.status ?? 200;
    if (route.produces) ctx.type = route.produces;
    if (text !== null) {
      ctx.type = 'application/json';
      ctx.body = text;
    } else if (route.status !== 204) ctx.body = result;
  };
  const guards: RouterMiddleware<DisplayState>[] = route.auth === 'display' ? [displayGuard(deps)] : [];
  const enforce = deps.config.production ? [] : [enforceDeclaredErrors(route)];
  router.register(koaPath, [route.method.toUpperCase()], [...enforce, ...guards, run]);
}

/**
 * The error contract, enforced outside production: a route that answers an error code it does not
 * declare (nor has implicitly, common's answerableErrors) fails with a 500 naming the route and the
 * code, so the test that reached it fails loudly instead of a client meeting an undocumented code.
 */
function enforceDeclaredErrors(route: RouteDefinition): RouterMiddleware<DisplayState> {
  const allowed = answerableErrors(route);
  return async (_ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof AppError && !allowed.has(err.code))
        throw new Error(
          `${route.method.toUpperCase()} ${route.path} answered '${err.code}', which its contract does not declare (error contract)`,
          { cause: err },
        );
      throw err;
    }
  };
}

/**
 * Where a change through this route comes from, for the history: a screen (display token), the
 * console (which names itself in `X-Oppslag-Client`), or the API used directly (scripts, tests).
 */
function changeSourceOf(route: RouteDefinition, client: string): HistorySource {
  if (route.auth === 'display') return 'display';
  return client === 'console' ? 'console' : 'api';
}

/** Mounts a resource's contract routes in order; `handlers` names one handler per route. */
export function mountContract<C extends Record<string, RouteDefinition>>(
  router: Router<DisplayState>,
  deps: AppDeps,
  contract: C,
  handlers: { [K in keyof C]: Handler<C[K]> },
): void {
  for (const key in contract) mountRoute(router, deps, contract[key], handlers[key]);
}
