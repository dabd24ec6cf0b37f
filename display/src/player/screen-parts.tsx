import type { ReactNode } from 'react';
import type { DisplayContent, Manifest, Slide, SlotSize } from '../api/types';
import { escapeHtml } from '../api/view';
import { SlotSlider } from '../widgets/banners/SlotSlider';
import { Clock } from '../widgets/clock/Clock';
import { freshness, TRANSIT_FRESHNESS, WEATHER_FRESHNESS } from '../widgets/freshness/freshness';
import { Updated } from '../widgets/freshness/Updated';
import { InfoPanel } from '../widgets/info/InfoPanel';
import { NoteBoard } from '../widgets/notes/NoteBoard';
import { Transit } from '../widgets/transit/Transit';
import { Weather } from '../widgets/weather/Weather';
import { SMALL_PX } from './readable';
import { useNow } from './use-now';

export interface LayoutProps {
  manifest: Manifest;
  content: DisplayContent;
}

export const GAP = 22;
export const on = (manifest: Manifest, module: Manifest['modules'][number]['name']) =>
  manifest.modules.some((m) => m.name === module);

/**
 * The size of a slot the feature set enables, or null; `width` draws it that wide at its own
 * proportions (issue 31 item 16: the banner and ads give up room so the note board, which residents
 * read the screen for, gets a third of a landscape screen and most of a portrait one).
 */
const slotSize = (
  manifest: Manifest,
  slot: keyof Manifest['featureSet']['slots'],
  width?: number,
): SlotSize | null => {
  const size = manifest.featureSet.slots[slot];
  if (!size.enabled) return null;
  const scale = width ? Math.min(1, width / size.width) : 1;
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
};

/** Fallback slides: the ones the server sent, else one made from the entity's fallback text. */
export function fallbackSlides(manifest: Manifest, content: DisplayContent): Slide[] {
  if (content.fallback.length) return content.fallback;
  const text = manifest.fallback ?? manifest.organization?.name ?? manifest.name;
  if (!text) return [];
  return [
    {
      id: 'fallback-text',
      kind: 'text',
      imageUrl: null,
      html: escapeHtml(text).replace(/\n/g, '<br>'),
      fontColor: '#ffffff',
      start: null,
      end: null,
      duration: null,
    },
  ];
}

export function Banner({ manifest, content, width }: LayoutProps & { width?: number }) {
  const size = slotSize(manifest, 'banner', width);
  if (!size || !on(manifest, 'banners')) return null;
  return (
    <SlotSlider
      name="banner"
      slides={content.banners}
      fallback={fallbackSlides(manifest, content)}
      size={size}
    />
  );
}

export function Ad({
  manifest,
  content,
  slot,
  width,
}: LayoutProps & { slot: 'adsSmall' | 'adsLarge' | 'partnerLogo'; width?: number }) {
  const size = slotSize(manifest, slot, width);
  if (!size) return null;
  return (
    <SlotSlider
      name={slot}
      slides={content[slot]}
      size={size}
      dots={false}
      fit={slot === 'partnerLogo' ? 'contain' : 'cover'}
    />
  );
}

/**
 * The green header: clock and the three-day forecast, each shown when switched on. A darker green
 * than the brand's #019939, whose 3.7:1 with white fails WCAG AA for the weather labels (5.5:1 here).
 */
export function Header({
  manifest,
  content,
  row,
  compact,
}: LayoutProps & { row?: boolean; compact?: boolean }) {
  const now = useNow(30_000);
  const clock = on(manifest, 'clock');
  const fresh = freshness(content.weatherUpdatedAt, now, WEATHER_FRESHNESS);
  const weather = on(manifest, 'weather') && content.weather.length > 0 && fresh !== 'expired';
  if (!clock && !weather) return null;
  return (
    <div
      className={`flex shrink-0 gap-6 rounded-[18px] bg-[#017a2e] px-7 py-6 text-white shadow-md ${row ? 'flex-row items-center justify-between' : 'flex-col'}`}
      data-widget="header"
    >
      {clock ? <Clock timeZone={manifest.timeZone} compact={compact} /> : null}
      {weather ? (
        <div className={row ? (compact ? 'w-[470px]' : 'w-[560px]') : ''}>
          <Weather days={content.weather} timeZone={manifest.timeZone} compact={compact} />
          {fresh === 'stale' && content.weatherUpdatedAt !== null ? (
            <Updated
              at={content.weatherUpdatedAt}
              timeZone={manifest.timeZone}
              className="mt-2 text-center"
              style={{ fontSize: SMALL_PX }}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Height of a transit panel showing `rows` one-line departures: padding and stop name (100 px),
 * rows of 84 px (a 60 px line badge), and the "updated 10:42" line (52 px) when the data is stale.
 */
export const transitHeight = (rows: number, stale: boolean) => 100 + rows * 84 + (stale ? 52 : 0);

/** Departures; a fixed height for `rows`, or the rest of its column when `rows` is left out. */
export function TransitPanel({ manifest, content, rows }: LayoutProps & { rows?: number }) {
  const now = useNow(30_000);
  const fresh = freshness(content.transitUpdatedAt, now, TRANSIT_FRESHNESS);
  if (!on(manifest, 'transit') || !content.transit.some((s) => s.departures.length) || fresh === 'expired')
    return null;
  return (
    <div
      className={`rounded-[18px] bg-[#eef2f0] px-6 py-5 shadow-md ${rows ? 'shrink-0' : 'min-h-0 flex-1'}`}
      style={rows ? { height: transitHeight(rows, fresh === 'stale') } : undefined}
      data-testid="transit-panel"
    >
      <Transit
        stops={content.transit}
        rows={rows ?? 8}
        updated={
          fresh === 'stale' && content.transitUpdatedAt !== null ? (
            <Updated
              at={content.transitUpdatedAt}
              timeZone={manifest.timeZone}
              className="-mt-1 mb-2 text-[#3d3d3d]"
              style={{ fontSize: SMALL_PX }}
            />
          ) : null
        }
      />
    </div>
  );
}

export function Notes({ manifest, content }: LayoutProps) {
  if (!on(manifest, 'notes')) return null;
  return (
    <div className="min-h-0 flex-1">
      <NoteBoard
        notes={content.notes}
        background={manifest.display.noteBoardBackgroundColor}
        largePrint={manifest.display.largePrint}
      />
    </div>
  );
}

export function Info({ manifest }: LayoutProps) {
  if (!on(manifest, 'info')) return null;
  return <InfoPanel manifest={manifest} />;
}

export function Column({
  children,
  width,
  className,
}: {
  children: ReactNode;
  width?: number;
  className?: string;
}) {
  return (
    <div className={`flex min-h-0 flex-col ${className ?? ''}`} style={{ gap: GAP, width }}>
      {children}
    </div>
  );
}
