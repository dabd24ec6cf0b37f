import type { Slide, SlotSize } from '../../api/types';
import { useNow } from '../../player/use-now';
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
  const current = useSlider(active);
  if (!active.length) return null;
  return (
    <div
      className="relative shrink-0 overflow-hidden rounded-[18px] bg-black/5 shadow-md"
      style={{ width: size.width, height: size.height }}
      data-widget={name}
      data-slide-count={active.length}
    >
      {active.map((slide, i) => (
        <div
          key={slide.id}
          className="absolute inset-0 transition-opacity duration-700"
          style={{ opacity: i === current ? 1 : 0 }}
          aria-hidden={i !== current}
          data-active-slide={i === current ? slide.id : undefined}
        >
          <SlideView slide={slide} fit={fit} textSize={slideTextSize(size.width)} />
        </div>
      ))}
      {dots && active.length > 1 ? (
        <div className="absolute inset-x-0 bottom-4 flex justify-center gap-3" data-testid="slider-dots">
          {active.map((slide, i) => (
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
