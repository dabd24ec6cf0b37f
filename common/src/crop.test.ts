import { describe, expect, it } from 'vitest';
import { planCrop } from './crop';

const slot = { width: 480, height: 895 };

describe('planCrop', () => {
  it('covers the slot and centres the source at scale 1', () => {
    const plan = planCrop({ width: 1000, height: 1000 }, slot, { scale: 1, offsetX: 0, offsetY: 0 });
    expect(plan.target).toEqual({ left: 0, top: 0, width: 480, height: 895 });
    // 895/1000 slot px per source px: the middle 537 source columns are visible.
    expect(plan.source?.left).toBe(231);
    expect(plan.source?.width).toBeGreaterThanOrEqual(536);
    expect(plan.source?.width).toBeLessThanOrEqual(538);
    expect(plan.source?.height).toBe(1000);
  });

  it('leaves margins when zoomed out and moves with the offset', () => {
    const plan = planCrop({ width: 480, height: 895 }, slot, { scale: 0.5, offsetX: 10, offsetY: -20 });
    expect(plan.target).toEqual({ left: 130, top: 204, width: 240, height: 447 });
    expect(plan.source).toEqual({ left: 0, top: 0, width: 480, height: 895 });
  });

  it('reads only the visible part of a huge zoom and nothing when moved out of the slot', () => {
    const zoomed = planCrop({ width: 4096, height: 100 }, slot, { scale: 2, offsetX: 0, offsetY: 0 });
    expect(zoomed.target).toEqual({ left: 0, top: 0, width: 480, height: 895 });
    expect(zoomed.source?.width).toBeLessThan(30);
    const away = planCrop({ width: 100, height: 100 }, slot, { scale: 1, offsetX: 5000, offsetY: 0 });
    expect(away).toMatchObject({ source: null, target: null });
  });

  it('starts a document page whole: with fit, the entire A4 page lies inside a square slot at scale 1', () => {
    const a4 = { width: 595, height: 842 };
    const square = { width: 1080, height: 1080 };
    const fit = planCrop(a4, square, { scale: 1, offsetX: 0, offsetY: 0, fit: true });
    expect(fit.source).toEqual({ left: 0, top: 0, width: 595, height: 842 });
    expect(fit.target?.height).toBe(1080);
    expect(fit.target?.width).toBeLessThan(1080);
    // Covering (images) cuts the page's top and bottom off.
    expect(planCrop(a4, square, { scale: 1, offsetX: 0, offsetY: 0 }).source?.height).toBeLessThan(842);
  });
});
