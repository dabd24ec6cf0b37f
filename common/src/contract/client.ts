import type { z } from 'zod';
import type {
  RouteBodyInput,
  RouteDefinition,
  RouteParamsInput,
  RouteQueryInput,
  RouteResponse,
} from './define-route';

/** The transport a client runs on: the console's `request()`, the player's fetch wrapper. */
export type Fetcher = (
  method: string,
  path: string,
  opts: { body?: unknown; signal?: AbortSignal },
) => Promise<unknown>;

/** What `call` takes for a route: exactly the parts the route declares. */
export type CallInput<R extends RouteDefinition> = (R['params'] extends z.ZodObject
  ? { params: RouteParamsInput<R> }
  : { params?: undefined }) &
  (R['query'] extends z.ZodObject ? { query?: RouteQueryInput<R> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: RouteBodyInput<R> } : { body?: undefined }) & {
    signal?: AbortSignal;
  };

type CallArgs<R extends RouteDefinition> =
  // biome-ignore lint/complexity/noBannedTypes: an empty input object may be left out
  {} extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** `/content/{entityId}/note` with `{ entityId: 3 }` and a query → `/content/3/note?approved=all`. */
export function buildPath(
  template: string,
  params: Record<string, string | number> | undefined,
  query: Record<string, unknown> | undefined,
): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${template}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export interface ClientOptions {
  /** Parse every answer with the route's response schema (the player does; a mismatch throws). */
  validate?: boolean;
}

/** A typed client over a transport: `call(contract.notes.list, { params: { entityId } })`. */
export function createClient(fetcher: Fetcher, options: ClientOptions = {}) {
  return {
    async call<R extends RouteDefinition>(route: R, ...[input]: CallArgs<R>): Promise<RouteResponse<R>> {
      const { params, query, body, signal } = (input ?? {}) as {
        params?: Record<string, string | number>;
        query?: Record<string, unknown>;
        body?: unknown;
        signal?: AbortSignal;
      };
      const data = await fetcher(route.method.toUpperCase(), buildPath(route.path, params, query), {
        body,
        signal,
      });
      // The one place the wire meets the contract's type (checked at runtime when `validate` is on).
      return (options.validate ? route.response.parse(data) : data) as RouteResponse<R>;
    },
  };
}

export type ApiClient = ReturnType<typeof createClient>;
