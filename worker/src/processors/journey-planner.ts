import type { Departure } from '@oppslag/common';
import { messageOf } from '@oppslag/common/thrown.ts';

/** Departures asked for per stop; the display's slideshow shows a handful per stop. */
export const DEPARTURES_PER_STOP = 6;

interface EstimatedCall {
  expectedDepartureTime?: string;
  destinationDisplay?: { frontText?: string } | null;
  serviceJourney?: { line?: { publicCode?: string | null; transportMode?: string | null } | null } | null;
}
interface StopPlaceAnswer {
  id?: string;
  name?: string;
  estimatedCalls?: EstimatedCall[];
}

export class JourneyPlannerError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'JourneyPlannerError';
  }
}

/**
 * One GraphQL document for all of an entity's stops: an alias per stop (`s0`, `s1`, …), quays
 * through `quay`, stop places through `stopPlace`. Ids are JSON-quoted, never spliced raw.
 */
export function departuresQuery(stopIds: readonly string[], perStop = DEPARTURES_PER_STOP): string {
  const fields = `id name estimatedCalls(numberOfDepartures: ${perStop}) { expectedDepartureTime destinationDisplay { frontText } serviceJourney { line { publicCode transportMode } } }`;
  const parts = stopIds.map((id, i) => {
    const root = id.includes(':Quay:') ? 'quay' : 'stopPlace';
    return `s${i}: ${root}(id: ${JSON.stringify(id)}) { ${fields} }`;
  });
  return `query OppslagDepartures {\n  ${parts.join('\n  ')}\n}`;
}

function toDeparture(call: EstimatedCall): Departure | null {
  if (!call.expectedDepartureTime) return null;
  return {
    lineCode: call.serviceJourney?.line?.publicCode ?? '',
    frontText: call.destinationDisplay?.frontText ?? '',
    departureTime: new Date(call.expectedDepartureTime).toISOString(),
    transportMode: call.serviceJourney?.line?.transportMode ?? 'unknown',
  };
}

/** Seconds from a Retry-After header (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** Asks JourneyPlanner v3 for the departures of every stop at once; answers per stop id, in order. */
export async function fetchDepartures(
  opts: { url: string; clientName: string; now: Date },
  stopIds: readonly string[],
): Promise<{ stopId: string; name: string | null; departures: Departure[] }[]> {
  let res: Response;
  try {
    res = await fetch(opts.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'ET-Client-Name': opts.clientName },
      body: JSON.stringify({ query: departuresQuery(stopIds) }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new JourneyPlannerError(`JourneyPlanner unreachable: ${messageOf(err)}`);
  }
  if (!res.ok)
    throw new JourneyPlannerError(
      `JourneyPlanner answered ${res.status}`,
      res.status,
      retryAfterSeconds(res.headers.get('retry-after'), opts.now),
    );
  const body = (await res.json().catch(() => null)) as {
    data?: Record<string, StopPlaceAnswer | null> | null;
  } | null;
  if (!body?.data) throw new JourneyPlannerError('JourneyPlanner sent no data');
  const data = body.data;
  return stopIds.map((stopId, i) => {
    const stop = data[`s${i}`];
    const departures = (stop?.estimatedCalls ?? [])
      .map(toDeparture)
      .filter((d): d is Departure => d !== null);
    return { stopId, name: stop?.name ?? null, departures };
  });
}
