import { describe, expect, it } from 'vitest';
import { cropFitFor, placeSource, planCrop } from './crop';

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

  it('contains a document page at scale 1: the whole A4 page is read, centred, with margins above and below', () => {
    const a4 = { width: 1240, height: 1754 };
    const plan = planCrop(
      a4,
      { width: 1080, height: 1080 },
      { scale: 1, offsetX: 0, offsetY: 0, fit: 'contain' },
    );
    expect(plan.source).toEqual({ left: 0, top: 0, width: 1240, height: 1754 });
    // 1080/1754 slot px per source px: the page is 764 px wide, centred horizontally.
    expect(plan.target).toEqual({ left: 158, top: 0, width: 764, height: 1080 });
    // The same page covering the square loses its top and bottom (the heading).
    const covered = planCrop(a4, { width: 1080, height: 1080 }, { scale: 1, offsetX: 0, offsetY: 0 });
    expect(covered.source?.top).toBeGreaterThan(200);
  });
});

describe('placeSource', () => {
  it('zooms and moves around the fitted, centred position', () => {
    const slot = { width: 400, height: 200 };
    expect(
      placeSource({ width: 100, height: 100 }, slot, { scale: 1, offsetX: 0, offsetY: 0, fit: 'contain' }),
    ).toEqual({ left: 100, top: 0, width: 200, height: 200, factor: 2 });
    expect(
      placeSource({ width: 100, height: 100 }, slot, {
        scale: 0.5,
        offsetX: 10,
        offsetY: -5,
        fit: 'contain',
      }),
    ).toEqual({ left: 160, top: 45, width: 100, height: 100, factor: 1 });
    expect(placeSource({ width: 100, height: 100 }, slot, { scale: 1, offsetX: 0, offsetY: 0 })).toEqual({
      left: 0,
      top: -100,
      width: 400,
      height: 400,
      factor: 4,
    });
  });

  it('contains documents and covers images', () => {
    expect(cropFitFor(2)).toBe('contain');
    expect(cropFitFor(1)).toBe('cover');
  });
});
