import { type HttpFake, sendJson, startHttpFake } from './http-fake';

export interface MetFake extends HttpFake {
  /** Base URL to configure as MET_URL. */
  baseUrl: string;
  /** Milliseconds from each answer to its Expires header. */
  expiresInMs: number;
  /** Changes the forecast (and its Last-Modified), as a new model run would. */
  newModelRun(temperatureShift: number): void;
  failNext(status: number, headers?: Record<string, string>): void;
}

function timeseries(start: Date, shift: number) {
  const series = [];
  const first = new Date(start);
  first.setUTCMinutes(0, 0, 0);
  // Hourly for ~2.5 days, then every 6 hours, as Locationforecast does.
  for (let h = 0; h < 90; h += h < 60 ? 1 : 6) {
    const time = new Date(first.getTime() + h * 3600_000);
    const temperature = Math.round((Math.sin(h / 4) * 5 - 1 + shift) * 10) / 10;
    const symbol = h % 24 < 12 ? 'partlycloudy_day' : 'lightrain';
    series.push({
      time: time.toISOString().replace('.000Z', 'Z'),
      data: {
        instant: {
          details: {
            air_pressure_at_sea_level: 1012.4,
            air_temperature: temperature,
            cloud_area_fraction: 68.1,
            relative_humidity: 81.2,
            wind_from_direction: 201.3,
            wind_speed: 3.4,
          },
        },
        next_12_hours: { summary: { symbol_code: symbol }, details: {} },
        ...(h < 60
          ? { next_1_hours: { summary: { symbol_code: symbol }, details: { precipitation_amount: 0.1 } } }
          : {}),
        next_6_hours: { summary: { symbol_code: symbol }, details: { precipitation_amount: 0.6 } },
      },
    });
  }
  return series;
}

/**
 * A local MET Norway Locationforecast 2.0: `/compact?lat=&lon=` answering the real GeoJSON shape
 * with Expires and Last-Modified, 304 on a matching If-Modified-Since, 403 without a User-Agent
 * and 400 for coordinates with more than 4 decimals, as MET's terms of service describe.
 */
export async function startMetFake(now: () => Date = () => new Date()): Promise<MetFake> {
  let lastModified = new Date(Math.floor(now().getTime() / 1000) * 1000 - 600_000);
  let shift = 0;
  const failures: { status: number; headers: Record<string, string> }[] = [];
  const state = { expiresInMs: 30 * 60_000 };
  const fake = await startHttpFake((req, res) => {
    if (req.path !== '/weatherapi/locationforecast/2.0/compact') return sendJson(res, 404, {});
    const failure = failures.shift();
    if (failure) return sendJson(res, failure.status, { error: 'failure' }, failure.headers);
    if (!req.headers['user-agent']) return sendJson(res, 403, { error: 'Missing User-Agent' });
    const lat = req.query.get('lat') ?? '';
    const lon = req.query.get('lon') ?? '';
    if (!/^-?\d+(\.\d{1,4})?$/.test(lat) || !/^-?\d+(\.\d{1,4})?$/.test(lon))
      return sendJson(res, 400, { error: 'lat/lon need at most 4 decimals' });
    const headers = {
      expires: new Date(now().getTime() + state.expiresInMs).toUTCString(),
      'last-modified': lastModified.toUTCString(),
    };
    const since = req.headers['if-modified-since'];
    if (since && Date.parse(since) >= lastModified.getTime()) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    sendJson(
      res,
      200,
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [Number(lon), Number(lat), 12] },
        properties: {
          meta: {
            updated_at: lastModified.toISOString(),
            units: { air_temperature: 'celsius', precipitation_amount: 'mm', wind_speed: 'm/s' },
          },
          timeseries: timeseries(now(), shift),
        },
      },
      headers,
    );
  });
  return {
    ...fake,
    baseUrl: `${fake.url}/weatherapi/locationforecast/2.0`,
    get expiresInMs() {
      return state.expiresInMs;
    },
    set expiresInMs(ms: number) {
      state.expiresInMs = ms;
    },
    newModelRun(temperatureShift) {
      shift = temperatureShift;
      lastModified = new Date(Math.floor(now().getTime() / 1000) * 1000);
    },
    failNext(status, headers = {}) {
      failures.push({ status, headers });
    },
  };
}
