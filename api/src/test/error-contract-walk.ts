import { answerableErrors, contract, type ErrorCode, type RouteDefinition } from '@oppslag/common';

/** Every route of the contract, keyed `PUT /users/{id}` as the walk reports them. */
export const allRoutes: RouteDefinition[] = Object.values(contract).flatMap((resource) =>
  Object.values<RouteDefinition>(resource),
);
export const routeKey = (route: RouteDefinition) => `${route.method.toUpperCase()} ${route.path}`;

/** An id no row has: a path naming it passes the path schema and reaches the handler. */
export const MISSING_ID = 2147483647;

/**
 * The path of a route with each parameter filled in: `ids` by name (`id`, `entityId`), else the
 * missing id, else the first of a few words its schema accepts (a slot, a provider, a phone number).
 */
export function fillPath(route: RouteDefinition, ids: Record<string, number | string> = {}): string {
  return `/api${route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (ids[name] !== undefined) return encodeURIComponent(String(ids[name]));
    const schema = route.params?.shape[name];
    const candidate = [String(MISSING_ID), 'note', 'banner', 'twilio', 'log', '+4740000001'].find(
      (value) => schema?.safeParse(value).success,
    );
    if (!candidate) throw new Error(`${routeKey(route)}: no value for {${name}}`);
    return candidate;
  })}`;
}

/** The part of an answer the walk reads. */
export interface Answer {
  status: number;
  body?: { error?: { code?: ErrorCode } };
}

/**
 * What the walk saw: each route's answered error codes. `record` is the one check every answer
 * goes through: never a 5xx (the error contract's enforcement answers 500 for an undeclared code
 * outside production), and an error's code is one the route may answer (checked on the wire, so
 * the codes the body parser answers before routing count too).
 */
export class ErrorContractWalk {
  readonly seen = new Map<RouteDefinition, Set<ErrorCode>>();

  record(route: RouteDefinition, res: Answer): string | null {
    if (res.status >= 500) return `${routeKey(route)} answered ${res.status}: ${JSON.stringify(res.body)}`;
    if (res.status < 400) return null;
    const code: ErrorCode | undefined = res.body?.error?.code;
    if (!code) return `${routeKey(route)} answered ${res.status} without an error code`;
    if (!answerableErrors(route).has(code))
      return `${routeKey(route)} answered '${code}', which it does not declare`;
    const codes = this.seen.get(route) ?? new Set<ErrorCode>();
    this.seen.set(route, codes.add(code));
    return null;
  }

  /** The (route, code) pairs a route may answer that no request of the walk reached. */
  unreached(): string[] {
    return allRoutes.flatMap((route) =>
      [...answerableErrors(route)]
        .filter((code) => !this.seen.get(route)?.has(code))
        .map((code) => `${routeKey(route)} ${code}`),
    );
  }
}

/** Finds a route by its key; a typo in a probe is an error, not a silently skipped probe. */
export function routeOf(key: string): RouteDefinition {
  const route = allRoutes.find((r) => routeKey(r) === key);
  if (!route) throw new Error(`no route ${key} in the contract`);
  return route;
}
