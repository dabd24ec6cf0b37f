import { describe, expect, it } from 'vitest';
import { isOneOf } from './one-of';

describe('isOneOf', () => {
  it('accepts exactly the listed names', () => {
    const views = ['swimlanes', 'list'] as const;
    expect(isOneOf(views, 'list')).toBe(true);
    expect(isOneOf(views, 'List')).toBe(false);
    expect(isOneOf(views, '')).toBe(false);
    expect(isOneOf(views, undefined)).toBe(false);
    expect(isOneOf(views, ['list'])).toBe(false);
  });
});
