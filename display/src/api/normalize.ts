import { FEATURE_SETS } from '@oppslag/common/feature-sets.ts';
import { findBuiltInTemplate } from '@oppslag/common/templates.ts';
import type {
  Departure,
  DisplayContent,
  DisplayNote,
  FeatureSet,
  Manifest,
  Slide,
  StopDepartures,
  WeatherDay,
} from './types';

// The wire is parsed defensively: a screen in a stairwell should show what it can rather than
// go blank because one field is missing or malformed.
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Obj => (isObj(v) ? v : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const time = (v: unknown): number | null => {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || !v) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
};
const DEFAULT_BOARD_COLOR = '#e0d6d0';

function featureSetFrom(raw: Obj, layout: 'default' | 'oppslag'): FeatureSet {
  const named = str(raw.featureSet) ?? str(obj(raw.featureSet).name);
  const base =
    FEATURE_SETS[
      (named === 'styretavla' || named === 'oppslag' ? named : null) ??
        (layout === 'oppslag' ? 'oppslag' : 'styretavla')
    ];
  const wire = obj(obj(raw.featureSet).slots);
  const slot = (name: keyof FeatureSet['slots']) => {
    const s = isObj(wire[name]) ? (wire[name] as Obj) : base.slots[name];
    const enabled = s.enabled !== false;
    const width = num(s.width) ?? base.slots[name].width;
    const height = num(s.height) ?? base.slots[name].height;
    return enabled ? { width, height } : null;
  };
  return {
    name: base.name,
    slots: {
      banner: slot('banner'),
      partnerLogo: slot('partnerLogo'),
      adsSmall: slot('adsSmall'),
      adsLarge: slot('adsLarge'),
    },
  };
}

function modulesFrom(raw: Obj): string[] {
  const list = arr(raw.modules)
    .map((m) => (typeof m === 'string' ? m : str(obj(m).name)))
    .filter((m): m is string => !!m);
  if (list.length || Array.isArray(raw.modules)) return list;
  const services = obj(raw.services);
  const all = ['clock', 'weather', 'transit', 'notes', 'banners', 'info'];
  return all.filter((m) => services[m] !== false);
}

/** Turns the manifest of the register/manifest answers into the player's shape. */
export function normalizeManifest(input: unknown): Manifest {
  const raw = obj(input);
  const display = obj(raw.display);
  const organization = obj(raw.organization);
  const layout = raw.layout === 'oppslag' ? 'oppslag' : 'default';
  const ancestry = arr(raw.entityIds ?? raw.ancestry)
    .map(num)
    .filter((n): n is number => n !== null);
  const ownId = num(raw.entityId) ?? num(display.id);
  return {
    displayId: str(raw.displayId) ?? str(display.displayId) ?? '',
    name: str(display.name) ?? str(raw.name) ?? '',
    codeWord: str(raw.codeWord),
    showCodeWord: raw.showCodeWord !== false,
    smsNumber: str(raw.smsNumber) || null,
    timeZone: str(raw.timeZone) ?? 'Europe/Oslo',
    displayInformation: str(raw.displayInformation),
    layout,
    orientation: raw.orientation === 1 ? 1 : 0,
    modules: modulesFrom(raw),
    bannerFallbackText: str(raw.fallback) ?? str(obj(raw.fallback).text) ?? str(display.bannerFallbackText),
    noteBoardBackgroundColor:
      str(display.noteBoardBackgroundColor) ??
      str(organization.noteBoardBackgroundColor) ??
      DEFAULT_BOARD_COLOR,
    organizationName: str(organization.name),
    transitStops: arr(raw.transitStops).map((s) => ({
      stopId: str(obj(s).stopId) ?? '',
      label: str(obj(s).label) ?? '',
    })),
    featureSet: featureSetFrom(raw, layout),
    language: raw.language === 'en' || raw.language === 'no' ? raw.language : null,
    entityIds: ancestry.length ? ancestry : ownId !== null ? [ownId] : [],
  };
}

export function normalizeNote(input: unknown): DisplayNote | null {
  const n = obj(input);
  const id = num(n.id);
  const start = time(n.date ?? n.start);
  if (id === null || start === null) return null;
  return {
    id,
    entityId: num(n.entityId) ?? 0,
    text: str(n.text) ?? '',
    icon: str(n.icon) ?? 'information',
    iconColor: str(n.iconColor) ?? '#019939',
    start,
    end: time(n.end),
    sticky: n.sticky === true,
  };
}

/** Paths the API gives "under the API base" (`/assets/1/cropped?v=…`) become absolute. */
const underApi = (path: string) =>
  path.startsWith('/api/') || /^[a-z]+:/i.test(path) ? path : `/api${path}`;

/** Plain text made safe to place in HTML. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Image of a slide: its asset (cropped rendition when ready), else its built-in template's artwork. */
function slideImage(s: Obj): string | null {
  const direct = str(s.imageUrl) ?? str(s.url);
  if (direct) return underApi(direct);
  const asset = obj(s.asset);
  const assetUrl =
    asset.hasCropped === false ? str(asset.originalUrl) : (str(asset.croppedUrl) ?? str(asset.originalUrl));
  if (assetUrl) return underApi(assetUrl);
  const templateId = str(s.templateId);
  if (templateId) return `/api/templates/${encodeURIComponent(templateId)}/image`;
  return null;
}

export function normalizeSlide(input: unknown, index = 0): Slide {
  const s = obj(input);
  const image = slideImage(s);
  const templateId = str(s.templateId);
  // Plain fallback text is escaped; template text is the editor's HTML (filtered when drawn).
  const plain = s.type === 'text' ? str(s.text) : null;
  const html = plain !== null ? escapeHtml(plain).replace(/\n/g, '<br>') : str(s.templateText);
  return {
    id: String(s.id ?? `slide-${index}`),
    kind: image ? 'image' : 'text',
    imageUrl: image,
    html: s.type === 'banner-asset' ? null : html,
    fontColor: str(s.fontColor) ?? (templateId ? (findBuiltInTemplate(templateId)?.fontColor ?? null) : null),
    start: time(s.start),
    end: time(s.end),
    duration: num(s.duration),
  };
}

function normalizeDeparture(input: unknown): Departure | null {
  const d = obj(input);
  const departureTime = time(d.departureTime ?? d.expectedDepartureTime ?? d.aimedDepartureTime);
  const lineCode = str(d.lineCode) ?? str(d.publicCode);
  if (departureTime === null || !lineCode) return null;
  return {
    lineCode,
    frontText: str(d.frontText) ?? str(d.destination) ?? '',
    departureTime,
    transportMode: str(d.transportMode) ?? 'bus',
    transportSubmode: str(d.transportSubmode),
  };
}

function normalizeTransit(input: unknown): StopDepartures[] {
  const stops = Array.isArray(input) ? input : arr(obj(input).stops);
  return stops.map((raw) => {
    const s = obj(raw);
    return {
      stopId: str(s.stopId) ?? '',
      label: str(s.label) ?? str(s.name) ?? '',
      departures: arr(s.departures)
        .map(normalizeDeparture)
        .filter((d): d is Departure => d !== null),
    };
  });
}

function normalizeWeather(input: unknown): WeatherDay[] {
  const days = Array.isArray(input) ? input : arr(obj(input).days);
  return days
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

const slides = (v: unknown) => arr(v).map((s, i) => normalizeSlide(s, i));

/** Turns `GET /api/display/content` into the player's shape. */
export function normalizeContent(input: unknown): DisplayContent {
  const raw = obj(input);
  const slots = obj(raw.slots);
  return {
    notes: arr(raw.notes)
      .map(normalizeNote)
      .filter((n): n is DisplayNote => n !== null),
    banners: slides(raw.banners ?? raw.banner ?? slots.banner),
    fallback: slides(raw.fallback ?? raw.fallbackSlides),
    partnerLogo: slides(raw.partnerLogo ?? slots.partnerLogo),
    adsSmall: slides(raw.adsSmall ?? slots.adsSmall),
    adsLarge: slides(raw.adsLarge ?? slots.adsLarge),
    transit: normalizeTransit(raw.transit),
    weather: normalizeWeather(raw.weather),
  };
}

export const parseTransit = normalizeTransit;
export const parseWeather = normalizeWeather;
