import { useState } from 'react';
import type { Slide, SlotSize } from '../../api/types';
import { useNow } from '../../player/use-now';
import type { ImageStatus } from '../image/image-loader';
import { SlideView, slideTextSize } from './SlideView';
import { activeSlides } from './slides';
import { useSlider } from './use-slider';

/**
 * A slot's slider with dots: only slides active now, the fallback slides when none is, each for
 * its duration. Used for the banner and, without dots, for ads and the partner logo.
 */
export function SlotSlider({
  slides,
  fallback = [],
  size,
  dots = true,
  fit = 'cover',
  name,
}: {
  slides: Slide[];
  fallback?: Slide[];
  size: SlotSize;
  dots?: boolean;
  fit?: 'cover' | 'contain';
  name: string;
}) {
  const now = useNow(1000);
  const active = activeSlides(slides, fallback, now);
  // Slides whose image failed are skipped until a retry loads it (issue 12 item 7): they stay
  // mounted, unseen, so their image keeps retrying. With every slide failed, the fallback plays.
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const working = active.filter((s) => !failed.has(s.id));
  const playable = working.length
    ? working
    : activeSlides([], fallback, now).filter((s) => !failed.has(s.id));
  const mounted = [...active, ...playable.filter((s) => !active.includes(s))];
  const current = useSlider(playable);
  const shownId = playable[current]?.id;
  const onImageStatus = (id: string) => (status: ImageStatus) =>
    setFailed((prev) => {
      if (status === 'failed' && !prev.has(id)) return new Set(prev).add(id);
      if (status === 'loaded' && prev.has(id)) {
        const next = new Set(prev);
        next.delete(id);
        return next;
      }
      return prev;
    });
  if (!active.length) return null;
  return (
    <div
      className="relative shrink-0 overflow-hidden rounded-[18px] bg-black/5 shadow-md"
      style={{ width: size.width, height: size.height }}
      data-widget={name}
      data-slide-count={playable.length}
    >
      {mounted.map((slide) => (
        <div
          key={slide.id}
          className="absolute inset-0 transition-opacity duration-700"
          style={{ opacity: slide.id === shownId ? 1 : 0 }}
          aria-hidden={slide.id !== shownId}
          data-active-slide={slide.id === shownId ? slide.id : undefined}
          data-failed={failed.has(slide.id) || undefined}
        >
          <SlideView
            slide={slide}
            fit={fit}
            textSize={slideTextSize(size.width)}
            onImageStatus={onImageStatus(slide.id)}
          />
        </div>
      ))}
      {dots && playable.length > 1 ? (
        <div className="absolute inset-x-0 bottom-4 flex justify-center gap-3" data-testid="slider-dots">
          {playable.map((slide, i) => (
            <span
              key={slide.id}
              className={`h-4 w-4 rounded-full border-2 border-white shadow ${i === current ? 'bg-white' : 'bg-white/30'}`}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
