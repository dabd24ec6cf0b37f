import { describe, expect, it } from 'vitest';
import { defined } from './defined';

describe('defined', () => {
  it('passes a present value through, falsy ones included', () => {
    expect(defined(0, 'n')).toBe(0);
    expect(defined('', 's')).toBe('');
    expect(defined(false, 'b')).toBe(false);
  });

  it('throws, naming what is missing, for undefined and null', () => {
    expect(() => defined(undefined, 'the decision of key k')).toThrow('the decision of key k is missing');
    expect(() => defined(null, 'a phone')).toThrow('a phone is missing');
  });
});
