import { findBuiltInTemplate } from '@oppslag/common/templates.ts';
import type {
  ContentAnswer,
  Departure,
  DisplayContent,
  DisplayNote,
  Slide,
  StopDepartures,
  WeatherDay,
} from './types';

type WireNote = ContentAnswer['notes'][number];
type WireSlide = ContentAnswer['banners'][number];
type WireFallback = ContentAnswer['fallback'][number];

/** Plain text made safe to place in HTML. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Paths the API gives "under the API base" (`/assets/1/cropped?v=…`) become absolute. */
const underApi = (path: string) =>
  path.startsWith('/api/') || /^[a-z]+:/i.test(path) ? path : `/api${path}`;

const instant = (iso: string) => Date.parse(iso);

export function noteView(note: Pick<WireNote, Exclude<keyof WireNote, 'state'>>): DisplayNote {
  const { date, end, ...rest } = note;
  return { ...rest, start: instant(date), end: end === null ? null : instant(end) };
}

/** Image of a slide: its asset (cropped rendition when ready), else its built-in template's artwork. */
function slideImage(s: WireSlide): string | null {
  if (s.asset) return underApi(s.asset.hasCropped ? s.asset.croppedUrl : s.asset.originalUrl);
  if (s.templateId) return `/api/templates/${encodeURIComponent(s.templateId)}/image`;
  return null;
}

export function slideView(s: WireSlide): Slide {
  const image = slideImage(s);
  return {
    id: String(s.id),
    kind: image ? 'image' : 'text',
    imageUrl: image,
    // Template text is the editor's HTML (filtered when drawn); an asset banner has none.
    html: s.type === 'banner-asset' ? null : s.templateText,
    fontColor: s.templateId ? (findBuiltInTemplate(s.templateId)?.fontColor ?? null) : null,
    start: instant(s.start),
    end: s.end === null ? null : instant(s.end),
    schedule: s.schedule ?? null,
    duration: s.duration,
  };
}

/** The fallback text as a slide: plain text, escaped, line breaks kept. */
export function fallbackView(f: WireFallback, index: number): Slide {
  return {
    id: `fallback-${index}`,
    kind: 'text',
    imageUrl: null,
    html: escapeHtml(f.text).replace(/\n/g, '<br>'),
    fontColor: null,
    start: null,
    end: null,
    duration: null,
  };
}

export function transitView(transit: ContentAnswer['transit']): StopDepartures[] {
  return (transit?.stops ?? []).map((stop) => ({
    stopId: stop.stopId,
    label: stop.label,
    departures: stop.departures.map((d): Departure => ({ ...d, departureTime: instant(d.departureTime) })),
  }));
}

export function weatherView(weather: ContentAnswer['weather']): WeatherDay[] {
  return (weather?.days ?? []).filter((d): d is WeatherDay => d.symbolCode !== null);
}

/** `GET /api/display/content` (already checked against the contract) → what the widgets draw. */
export function contentView(answer: ContentAnswer): DisplayContent {
  return {
    notes: answer.notes.map(noteView),
    banners: answer.banners.map(slideView),
    fallback: answer.fallback.map(fallbackView),
    partnerLogo: answer.partnerLogo.map(slideView),
    adsSmall: answer.adsSmall.map(slideView),
    adsLarge: answer.adsLarge.map(slideView),
    transit: transitView(answer.transit),
    transitUpdatedAt: answer.transit ? instant(answer.transit.updatedAt) : null,
    weather: weatherView(answer.weather),
    weatherUpdatedAt: answer.weather ? instant(answer.weather.updatedAt) : null,
    alerts: answer.alerts,
    allClearUntil: null,
  };
}
