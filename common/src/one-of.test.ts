import { describe, expect, it } from 'vitest';
import { expectOneOf, isOneOf } from './one-of';

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

describe('expectOneOf', () => {
  it('returns a listed name and refuses any other, naming what it read', () => {
    const roles = ['owner', 'moderator'] as const;
    expect(expectOneOf(roles, 'owner', 'a role')).toBe('owner');
    expect(() => expectOneOf(roles, 'admin', 'a role')).toThrow(
      'a role is not one of owner, moderator: admin',
    );
    expect(() => expectOneOf(roles, null, 'a role')).toThrow('a role is not one of');
  });
});
