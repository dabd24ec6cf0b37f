/**
 * How an asset's crop parameters place the source in its slot, shared by the worker that renders
 * the crop and the console that previews it. At scale 1 the source fits the slot and is centred:
 * an image covers it (like CSS `object-fit: cover`), a document is contained (`object-fit:
 * contain`) so a whole page, heading included, stays on the screen. `scale` (0.1–2) zooms around
 * that, and offsetX/offsetY move the source right/down by that many slot pixels from the centred
 * position. Parts of the slot the source does not reach show the fit's background.
 */
export type CropFit = 'cover' | 'contain';

export interface CropParams {
  scale: number;
  offsetX: number;
  offsetY: number;
  /** How the source fits the slot at scale 1; cover when not given. */
  fit?: CropFit;
}

/** Asset type 2 (PDF) is a document: its pages are contained, images cover (content spec §9). */
export const cropFitFor = (assetType: number): CropFit => (assetType === 2 ? 'contain' : 'cover');

/**
 * What the slot shows where the source does not reach: transparent around an image (the screen's
 * own background shows), white around a document page (paper, as the page itself is rendered).
 */
export const CROP_BACKGROUND: Record<CropFit, { r: number; g: number; b: number; alpha: number }> = {
  cover: { r: 0, g: 0, b: 0, alpha: 0 },
  contain: { r: 255, g: 255, b: 255, alpha: 1 },
};

/** Where the whole source lands in the slot, in slot pixels (may reach beyond the slot). */
export interface CropPlacement {
  left: number;
  top: number;
  width: number;
  height: number;
  /** Slot pixels per source pixel. */
  factor: number;
}

/** The one placement rule: the worker crops by it, the console's preview positions the page by it. */
export function placeSource(source: CropSize, slot: CropSize, params: CropParams): CropPlacement {
  const fitted = (params.fit === 'contain' ? Math.min : Math.max)(
    slot.width / source.width,
    slot.height / source.height,
  );
  const factor = fitted * params.scale;
  const width = source.width * factor;
  const height = source.height * factor;
  return {
    left: (slot.width - width) / 2 + params.offsetX,
    top: (slot.height - height) / 2 + params.offsetY,
    width,
    height,
    factor,
  };
}

export interface CropSize {
  width: number;
  height: number;
}

export interface CropPlan {
  /** Region of the source to read, in source pixels; null when the source misses the slot. */
  source: { left: number; top: number; width: number; height: number } | null;
  /** Where that region lands in the slot, in slot pixels. */
  target: { left: number; top: number; width: number; height: number } | null;
  /** Source pixels per slot pixel inverse: slot pixels per source pixel. */
  factor: number;
}

export const CROP_SCALE_MIN = 0.1;
export const CROP_SCALE_MAX = 2;
/** Zoom steps of content spec §9. */
export const CROP_ZOOM_STEPS = [0.1, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** Plans a crop so that only the visible part of the source is ever resized (bounded memory). */
export function planCrop(source: CropSize, slot: CropSize, params: CropParams): CropPlan {
  const { left, top, width: placedWidth, height: placedHeight, factor } = placeSource(source, slot, params);
  const x0 = Math.max(0, Math.round(left));
  const y0 = Math.max(0, Math.round(top));
  const x1 = Math.min(slot.width, Math.round(left + placedWidth));
  const y1 = Math.min(slot.height, Math.round(top + placedHeight));
  if (x1 <= x0 || y1 <= y0) return { source: null, target: null, factor };
  const sx = Math.min(source.width - 1, Math.max(0, Math.floor((x0 - left) / factor)));
  const sy = Math.min(source.height - 1, Math.max(0, Math.floor((y0 - top) / factor)));
  const sw = Math.max(1, Math.min(source.width - sx, Math.ceil((x1 - left) / factor) - sx));
  const sh = Math.max(1, Math.min(source.height - sy, Math.ceil((y1 - top) / factor) - sy));
  return {
    source: { left: sx, top: sy, width: sw, height: sh },
    target: { left: x0, top: y0, width: x1 - x0, height: y1 - y0 },
    factor,
  };
}
