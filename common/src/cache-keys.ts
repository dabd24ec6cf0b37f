/**
 * Redis keys shared by the worker (which polls Entur and MET and writes them) and the API (which
 * reads them into a display's content). Values are JSON; a missing key means "no data yet".
 * Every key starts with the configured REDIS_PREFIX so several instances can share one Redis.
 */
export const cacheKeys = {
  /** Latest departures for an entity's transit stops: `TransitDepartures` JSON (schemas/transit). */
  transit: (prefix: string, entityId: number) => `${prefix}:transit:${entityId}`,
  /** Latest forecast for an organization (weather is per organization location). */
  weather: (prefix: string, organizationId: number) => `${prefix}:weather:${organizationId}`,
  /** Stop search results cached per normalized query. */
  stopSearch: (prefix: string, query: string) => `${prefix}:stop-search:${query.trim().toLowerCase()}`,
};

/** BullMQ keys live under the deployment's Redis prefix, so tests and installations never share queues. */
export const bullPrefix = (redisPrefix: string) => `${redisPrefix}:bull`;
