import { describe, expect, it } from 'vitest';
import { asError, errnoOf, messageOf } from './thrown';

describe('reading what was thrown', () => {
  it('takes an Error’s message and anything else as text', () => {
    expect(messageOf(new Error('boom'))).toBe('boom');
    expect(messageOf('plain')).toBe('plain');
    expect(messageOf({ message: 'not an Error' })).toBe('[object Object]');
    expect(asError('x')).toBeInstanceOf(Error);
    const err = new Error('same');
    expect(asError(err)).toBe(err);
  });

  it('reads a system error’s code and nothing from other values', () => {
    // Node's fs errors are Errors with a string `code`.
    expect(errnoOf(Object.assign(new Error('file already exists'), { code: 'EEXIST' }))).toBe('EEXIST');
    expect(errnoOf(Object.assign(new Error('numeric'), { code: 5 }))).toBeUndefined();
    expect(errnoOf(new Error('no code'))).toBeUndefined();
    expect(errnoOf({ code: 'EEXIST' })).toBeUndefined();
  });
});
