/**
 * How an asset's crop parameters place the source in its slot, shared by the worker that renders
 * the crop and the console that previews it. At scale 1 the source covers the slot (like CSS
 * `object-fit: cover`) and is centred; `scale` (0.1–2) zooms around that, and offsetX/offsetY
 * move the source right/down by that many slot pixels from the centred position. Parts of the
 * slot the source does not reach stay transparent. A document page (`fit`) starts whole instead:
 * at scale 1 it fits inside the slot (like `object-fit: contain`), so an A4 notice in a square slot
 * keeps its heading (issue 11 item 4).
 */
export interface CropParams {
  scale: number;
  offsetX: number;
  offsetY: number;
  /** Scale 1 fits the whole source inside the slot rather than covering it (PDF pages). */
  fit?: boolean;
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
  const ratios = [slot.width / source.width, slot.height / source.height];
  const factor = (params.fit ? Math.min(...ratios) : Math.max(...ratios)) * params.scale;
  const placedWidth = source.width * factor;
  const placedHeight = source.height * factor;
  const left = (slot.width - placedWidth) / 2 + params.offsetX;
  const top = (slot.height - placedHeight) / 2 + params.offsetY;
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
