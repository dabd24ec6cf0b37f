import { NOTE_ICONS } from '@oppslag/common/notes.ts';
import { scheduleOutSchema } from '@oppslag/common/schedule.ts';
import type { Departure, DisplayNote, StopDepartures, WeatherDay } from './types';

// Pushed event payloads only (realtime/apply-event.ts): events still carry `data: unknown`, so these
// read them leniently until the event catalogue types them (issue 10 item 2); anything unreadable
// is skipped and the REST refetch that follows every event settles it. REST answers never come
// through here: they are checked against the contract (client.ts) and mapped by view.ts.
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const time = (v: unknown): number | null => {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || !v) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
};

export function normalizeNote(input: unknown): DisplayNote | null {
  const n = obj(input);
  const id = num(n.id);
  const start = time(n.date ?? n.start);
  if (id === null || start === null) return null;
  return {
    id,
    entityId: num(n.entityId) ?? 0,
    text: str(n.text) ?? '',
    icon: NOTE_ICONS.find((icon) => icon === n.icon) ?? 'information',
    iconColor: str(n.iconColor) ?? '#019939',
    start,
    end: time(n.end),
    sticky: n.sticky === true,
    schedule: scheduleOutSchema.safeParse(n.schedule).data ?? null,
  };
}

function departure(input: unknown): Departure | null {
  const d = obj(input);
  const departureTime = time(d.departureTime);
  const lineCode = str(d.lineCode);
  if (departureTime === null || !lineCode) return null;
  return {
    lineCode,
    frontText: str(d.frontText) ?? '',
    departureTime,
    transportMode: str(d.transportMode) ?? 'bus',
  };
}

export function parseTransit(input: unknown): StopDepartures[] {
  return arr(obj(input).stops).map((raw) => {
    const s = obj(raw);
    return {
      stopId: str(s.stopId) ?? '',
      label: str(s.label) ?? '',
      departures: arr(s.departures)
        .map(departure)
        .filter((d): d is Departure => d !== null),
    };
  });
}

/** The `updatedAt` of a pushed transit or weather payload (epoch ms), null when absent. */
export const parseUpdatedAt = (input: unknown): number | null => time(obj(input).updatedAt);

export function parseWeather(input: unknown): WeatherDay[] {
  return arr(obj(input).days)
    .map((raw) => {
      const d = obj(raw);
      return {
        date: str(d.date) ?? '',
        symbolCode: str(d.symbolCode) ?? '',
        temperature: num(d.temperature),
        minTemperature: num(d.minTemperature),
        maxTemperature: num(d.maxTemperature),
      };
    })
    .filter((d) => d.date && d.symbolCode);
}
