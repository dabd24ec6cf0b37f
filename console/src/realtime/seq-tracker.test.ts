import { describe, expect, it } from 'vitest';
import { SeqTracker } from './seq-tracker';

describe('SeqTracker', () => {
  it('applies consecutive events and reports a gap when one is missing', () => {
    const t = new SeqTracker();
    expect(t.observe(1, 5)).toBe('apply');
    expect(t.observe(1, 6)).toBe('apply');
    expect(t.observe(1, 8)).toBe('gap');
    expect(t.observe(1, 9)).toBe('apply');
  });

  it('drops repeats and tracks entities separately', () => {
    const t = new SeqTracker();
    t.observe(1, 3);
    expect(t.observe(1, 3)).toBe('duplicate');
    expect(t.observe(1, 2)).toBe('duplicate');
    expect(t.observe(2, 40)).toBe('apply');
  });

  it('forgets positions on reset and ignores events without an entity', () => {
    const t = new SeqTracker();
    t.observe(1, 3);
    t.reset();
    expect(t.observe(1, 10)).toBe('apply');
    expect(t.observe(null, 1)).toBe('apply');
    expect(t.observe(1, 0)).toBe('apply');
    expect(t.observe(1, 11)).toBe('apply');
  });
});
