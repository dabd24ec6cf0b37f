import { z } from 'zod';
import { type HttpFake, sendJson, startHttpFake } from './http-fake';

const graphqlBody = z.object({ query: z.string().optional() });

/** A stop place the fake knows, as Entur's stop register would describe it. */
export interface FakeStopPlace {
  id: string;
  name: string;
  locality: string;
  category: string[];
  latitude: number;
  longitude: number;
  departures?: { lineCode: string; frontText: string; transportMode: string; inMinutes: number }[];
}

export const FAKE_STOPS: FakeStopPlace[] = [
  {
    id: 'NSR:StopPlace:58366',
    name: 'Jernbanetorget',
    locality: 'Oslo',
    category: ['onstreetBus', 'onstreetTram', 'metroStation'],
    latitude: 59.911898,
    longitude: 10.75038,
    departures: [
      { lineCode: '5', frontText: 'Vestli', transportMode: 'metro', inMinutes: 2 },
      { lineCode: '12', frontText: 'Majorstuen', transportMode: 'tram', inMinutes: 4 },
    ],
  },
  {
    id: 'NSR:StopPlace:337',
    name: 'Oslo S',
    locality: 'Oslo',
    category: ['railStation'],
    latitude: 59.910357,
    longitude: 10.753051,
    departures: [{ lineCode: 'R11', frontText: 'Skien', transportMode: 'rail', inMinutes: 7 }],
  },
  {
    id: 'NSR:StopPlace:58382',
    name: 'Aker brygge',
    locality: 'Oslo',
    category: ['ferryStop', 'onstreetBus'],
    latitude: 59.910538,
    longitude: 10.727698,
  },
  // A lift station has no icon in the product and must be dropped from search results.
  {
    id: 'NSR:StopPlace:99999',
    name: 'Osloheisen',
    locality: 'Oslo',
    category: ['liftStation'],
    latitude: 59.9,
    longitude: 10.7,
  },
];

export interface EnturFake extends HttpFake {
  geocoderUrl: string;
  journeyPlannerUrl: string;
  /** Makes the next answers of an API fail: a status and optional headers, for `times` requests. */
  failNext(
    api: 'geocoder' | 'journeyPlanner',
    status: number,
    times?: number,
    headers?: Record<string, string>,
  ): void;
}

function geocoderFeature(stop: FakeStopPlace) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [stop.longitude, stop.latitude] },
    properties: {
      id: stop.id,
      gid: `openstreetmap:venue:${stop.id}`,
      layer: 'venue',
      source: 'openstreetmap',
      source_id: stop.id,
      name: stop.name,
      street: `NOT_AN_ADDRESS-${stop.id}`,
      accuracy: 'point',
      country_a: 'NOR',
      county: 'Oslo',
      locality: stop.locality,
      label: `${stop.name}, ${stop.locality}`,
      category: stop.category,
      tariff_zones: ['RUT:FareZone:4'],
    },
  };
}

function estimatedCalls(stop: FakeStopPlace, n: number, now: number) {
  return (stop.departures ?? []).slice(0, n).map((d) => ({
    expectedDepartureTime: new Date(now + d.inMinutes * 60_000).toISOString(),
    destinationDisplay: { frontText: d.frontText },
    serviceJourney: { line: { publicCode: d.lineCode, transportMode: d.transportMode } },
  }));
}

/**
 * A local Entur: the geocoder's `/autocomplete` answering a GeoJSON FeatureCollection, and the
 * JourneyPlanner v3 GraphQL endpoint answering aliased `stopPlace(id:)` queries with estimatedCalls.
 */
export async function startEnturFake(stops: FakeStopPlace[] = FAKE_STOPS): Promise<EnturFake> {
  const failures: Record<string, { status: number; times: number; headers: Record<string, string> }[]> = {
    geocoder: [],
    journeyPlanner: [],
  };
  const takeFailure = (api: string) => {
    const f = failures[api][0];
    if (!f) return null;
    if (--f.times <= 0) failures[api].shift();
    return f;
  };
  const fake = await startHttpFake((req, res) => {
    if (req.path === '/geocoder/v1/autocomplete' && req.method === 'GET') {
      const failure = takeFailure('geocoder');
      if (failure) return sendJson(res, failure.status, { message: 'failure' }, failure.headers);
      const text = (req.query.get('text') ?? '').toLowerCase();
      const size = Number(req.query.get('size') ?? 10);
      const features = stops
        .filter((s) => s.name.toLowerCase().includes(text))
        .slice(0, size)
        .map(geocoderFeature);
      return sendJson(res, 200, {
        geocoding: {
          version: '0.2',
          attribution: 'http://fake/attribution',
          query: { text, size },
          timestamp: Date.now(),
        },
        type: 'FeatureCollection',
        features,
        bbox: [10.7, 59.9, 10.76, 59.92],
      });
    }
    if (req.path === '/journey-planner/v3/graphql' && req.method === 'POST') {
      const failure = takeFailure('journeyPlanner');
      if (failure)
        return sendJson(res, failure.status, { errors: [{ message: 'failure' }] }, failure.headers);
      const { query } = graphqlBody.parse(JSON.parse(req.body || '{}'));
      const data: Record<string, unknown> = {};
      const pattern =
        /(\w+)\s*:\s*stopPlace\(\s*id:\s*"([^"]+)"\s*\)\s*\{[\s\S]*?numberOfDepartures:\s*(\d+)/g;
      for (const m of (query ?? '').matchAll(pattern)) {
        const stop = stops.find((s) => s.id === m[2]);
        data[m[1]] = stop
          ? { id: stop.id, name: stop.name, estimatedCalls: estimatedCalls(stop, Number(m[3]), Date.now()) }
          : null;
      }
      return sendJson(res, 200, { data });
    }
    sendJson(res, 404, { message: 'not found' });
  });
  return {
    ...fake,
    geocoderUrl: `${fake.url}/geocoder/v1`,
    journeyPlannerUrl: `${fake.url}/journey-planner/v3/graphql`,
    failNext(api, status, times = 1, headers = {}) {
      failures[api].push({ status, times, headers });
    },
  };
}
