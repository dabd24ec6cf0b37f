import type { Slide } from '../../api/types';
import type { ImageStatus } from '../image/image-loader';
import { ManagedImage } from '../image/ManagedImage';
import { RichText } from '../notes/RichText';

/** One slide: an image, a template image with its text over it, or text alone. */
/** Template text scales with the slot: 30 px on the 480 px banner, 68 px on the 1080 px one. */
export const slideTextSize = (slotWidth: number) => Math.round(slotWidth / 16);

export function SlideView({
  slide,
  fit,
  textSize = 32,
  onImageStatus,
}: {
  slide: Slide;
  fit: 'cover' | 'contain';
  textSize?: number;
  onImageStatus?: (status: ImageStatus) => void;
}) {
  return (
    <div className="absolute inset-0">
      {slide.imageUrl ? (
        <ManagedImage
          url={slide.imageUrl}
          alt=""
          className="absolute inset-0"
          fit={fit}
          onStatus={onImageStatus}
        />
      ) : (
        <div className="absolute inset-0 bg-[#019939]" />
      )}
      {slide.html ? (
        <div
          className="absolute inset-0 flex items-center justify-center p-[9%] text-center font-bold leading-tight [overflow-wrap:anywhere] [hyphens:auto]"
          style={{
            color: slide.fontColor ?? '#ffffff',
            fontSize: textSize,
            textShadow: '0 2px 12px rgba(0,0,0,0.25)',
          }}
          lang="nb"
        >
          <RichText html={slide.html} />
        </div>
      ) : null}
    </div>
  );
}
