import { describe, expect, it } from 'vitest';
import { SeqTracker } from './seq-tracker';

describe('SeqTracker', () => {
  it('applies the next number, drops repeats and reports a gap, per entity', () => {
    const t = new SeqTracker();
    expect(t.observe(7, 10)).toBe('apply');
    expect(t.observe(7, 11)).toBe('apply');
    expect(t.observe(7, 11)).toBe('duplicate');
    expect(t.observe(7, 9)).toBe('duplicate');
    expect(t.observe(8, 1)).toBe('apply');
    expect(t.observe(7, 13)).toBe('gap');
    expect(t.observe(7, 14)).toBe('apply');
  });

  it('passes unsequenced pushes through without touching the positions', () => {
    const t = new SeqTracker();
    t.observe(1, 3);
    expect(t.observe(null, 1)).toBe('apply');
    expect(t.observe(1, 0)).toBe('apply');
    expect(t.observe(1, Number.NaN)).toBe('apply');
    expect(t.observe(1, 4)).toBe('apply');
  });

  it('takes a sync as the baseline when it has none, so the next event applies', () => {
    const t = new SeqTracker();
    expect(t.sync(5, 20)).toBe('current');
    expect(t.observe(5, 20)).toBe('duplicate');
    expect(t.observe(5, 21)).toBe('apply');
    expect(t.sync(6, 0)).toBe('current');
    expect(t.observe(6, 2)).toBe('gap');
  });

  it('is behind a sync beyond its position once, then current at it', () => {
    const t = new SeqTracker();
    t.observe(5, 3);
    expect(t.sync(5, 3)).toBe('current');
    expect(t.sync(5, 2)).toBe('current');
    expect(t.sync(5, 6)).toBe('behind');
    // The snapshot fetched now covers 4..6: their late pushes are repeats.
    expect(t.sync(5, 6)).toBe('current');
    expect(t.observe(5, 5)).toBe('duplicate');
    expect(t.observe(5, 7)).toBe('apply');
  });

  it('forgets every position on reset', () => {
    const t = new SeqTracker();
    t.observe(1, 3);
    t.reset();
    expect(t.observe(1, 10)).toBe('apply');
    expect(t.sync(1, 10)).toBe('current');
  });
});
