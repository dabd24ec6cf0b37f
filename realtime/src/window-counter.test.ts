import { describe, expect, it } from 'vitest';
import { WindowCounter } from './window-counter';

describe('WindowCounter', () => {
  it('allows the limit per window and again in the next window', () => {
    const counter = new WindowCounter(3, 1000);
    expect([0, 1, 2, 3, 999].map((t) => counter.take(t))).toEqual([true, true, true, false, false]);
    expect(counter.take(1000)).toBe(true);
    expect(counter.take(1001)).toBe(true);
    expect(counter.take(1002)).toBe(true);
    expect(counter.take(1003)).toBe(false);
  });
});
