import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import {
  type Permission,
  type RouteBody,
  type RouteDefinition,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@oppslag/common';
import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';
import type { DisplayClaims } from '../lib/tokens';
import { type AuthedUser } from '../middleware/auth';
import { type DisplayState } from '../middleware/display-auth';
/** What the entity permission check found: the chain up to the root and the caller's permissions. */
export interface EntityAccess {
  ancestry: number[];
  permissions: Permission[];
}
/** Runs `work` in one transaction and tells the outbox relay after it committed. */
export type UnitOfWork = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
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
export type Handler<R extends RouteDefinition> = (
  input: HandlerInput<R>,
) => Promise<RouteResponse<R>> | RouteResponse<R>;
export declare function unitOfWork(deps: AppDeps): UnitOfWork;
/**
 * Mounts a route contract on a router. This is the one layer that authenticates, authorizes
 * (`auth` and `permission`) and validates; the handler gets typed input and returns the body.
 * Order: caller (401) → superadmin (403) → path (404) → entity permission (404/403) → query →
 * body (400); with a permission the superadmin check comes after it (visibility first).
 * In development and test the answer is checked against the contract's response schema, so a
 * presenter that drifts from the contract fails its tests.
 */
export declare function mountRoute<R extends RouteDefinition>(
  router: Router<DisplayState>,
  deps: AppDeps,
  route: R,
  handler: Handler<R>,
): void;
/** Mounts a resource's contract routes in order; `handlers` names one handler per route. */
export declare function mountContract<C extends Record<string, RouteDefinition>>(
  router: Router<DisplayState>,
  deps: AppDeps,
  contract: C,
  handlers: {
    [K in keyof C]: Handler<C[K]>;
  },
): void;
