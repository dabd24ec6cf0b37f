import { describe, expect, it } from 'vitest';
import { propertyOf } from './property-of';

describe('propertyOf', () => {
  it('reads a property of an object, inherited ones included', () => {
    expect(propertyOf({ token: 'abc' }, 'token')).toBe('abc');
    expect(propertyOf(Object.create({ type: 'x' }), 'type')).toBe('x');
    expect(propertyOf({ token: 'abc' }, 'entityId')).toBeUndefined();
  });

  it('gives undefined for what is not an object', () => {
    expect(propertyOf(null, 'token')).toBeUndefined();
    expect(propertyOf(undefined, 'token')).toBeUndefined();
    expect(propertyOf('token', 'length')).toBeUndefined();
    expect(propertyOf(7, 'token')).toBeUndefined();
  });
});
