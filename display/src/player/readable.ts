import { CANVAS } from './Screen';

/**
 * The screen is laid out on a 2000×1125 canvas (1125×2000 standing) and scaled to fit, so on the
 * 1080p panels the stairwells have every CSS pixel is drawn at 0.96 px (issue 31 item 11: text
 * "set at 36 px" read at 34.6 px). Sizes are chosen for what a resident sees: `readable(36)` is the
 * CSS size that is drawn at 36 px or more on a 1920×1080 or 1080×1920 screen.
 */
export const FIT_SCALE_1080P = Math.min(1920 / CANVAS.horizontal.width, 1080 / CANVAS.horizontal.height);

export const readable = (renderedPx: number): number => Math.ceil(renderedPx / FIT_SCALE_1080P);

/** What notes and departures are drawn at, at least (read from three metres). */
export const BODY_PX = readable(36);
/** Every other text on the screen, at least. */
export const SMALL_PX = readable(28);
