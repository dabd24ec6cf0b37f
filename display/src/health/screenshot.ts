import { SCREENSHOT_WIDTH } from '@oppslag/common/schemas/display-health.ts';
import { domToJpeg } from 'modern-screenshot';

/**
 * The player's picture of itself: the whole page as the screen shows it, rendered from the DOM by
 * modern-screenshot (SVG foreignObject → canvas, no browser extension or server needed) and
 * downscaled to a 480 px wide JPEG. Web fonts are not embedded: the thumbnail is for "is the screen
 * showing the right thing", and skipping them keeps a capture well under a second.
 */
export async function captureScreen(root: HTMLElement = document.body): Promise<Uint8Array> {
  const width = Math.max(1, window.innerWidth);
  const height = Math.max(1, window.innerHeight);
  const dataUrl = await domToJpeg(root, {
    width,
    height,
    scale: SCREENSHOT_WIDTH / width,
    quality: 0.7,
    backgroundColor: '#0d1f16',
    font: false,
    fetchFn: async (url) => (url.startsWith('blob:') ? shownImageDataUrl(root, url) : false),
  });
  return dataUrlBytes(dataUrl);
}

/** Images are copied at most this wide: the thumbnail is 480 px, a slot at most 1080 px. */
const COPY_MAX_PX = 1080;

/**
 * Banners, ads and the partner logo are shown from `blob:` object URLs (the player fetches asset
 * files with its token). modern-screenshot fetches every image again to inline it, and the page's
 * CSP (`connect-src 'self'`) refuses a fetch of a `blob:` URL, so their boxes came out blank grey
 * (issue 31 item 14). The picture is already decoded on screen: it is copied from its <img>
 * through a canvas (same origin, so not tainted) instead. `false` leaves a URL to modern-screenshot.
 */
export function shownImageDataUrl(root: HTMLElement, url: string): string | false {
  const img = [...root.querySelectorAll('img')].find((i) => i.src === url && i.complete && i.naturalWidth);
  if (!img) return false;
  const k = Math.min(1, COPY_MAX_PX / img.naturalWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(img.naturalWidth * k));
  canvas.height = Math.max(1, Math.round(img.naturalHeight * k));
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

/** The bytes of a base64 `data:` URL. */
export function dataUrlBytes(dataUrl: string): Uint8Array {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
