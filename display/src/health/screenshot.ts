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
  });
  return dataUrlBytes(dataUrl);
}

/** The bytes of a base64 `data:` URL. */
export function dataUrlBytes(dataUrl: string): Uint8Array {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
