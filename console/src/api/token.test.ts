import { describe, expect, it } from 'vitest';
import { decodeToken } from './token';

const utf8 = (s: string) => String.fromCharCode(...new TextEncoder().encode(s));
const b64 = (o: unknown) =>
  btoa(utf8(JSON.stringify(o)))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
const jwt = (payload: unknown) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;

describe('decodeToken', () => {
  it('returns the user of a well-formed token', () => {
    const token = jwt({
      user: { id: 7, email: 'kari@example.no', name: 'Kåri', admin: true },
      exp: 4102444800,
    });
    expect(decodeToken(token)).toEqual({
      id: 7,
      email: 'kari@example.no',
      name: 'Kåri',
      admin: true,
      language: undefined,
    });
  });

  it('discards a token without user email or id', () => {
    expect(decodeToken(jwt({ user: { id: 7 } }))).toBeNull();
    expect(decodeToken(jwt({ user: { email: 'a@b.no' } }))).toBeNull();
    expect(decodeToken(jwt({ sub: '7' }))).toBeNull();
  });

  it('discards garbage and expired tokens', () => {
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(decodeToken(jwt({ user: { id: 1, email: 'a@b.no' }, exp: 1000 }))).toBeNull();
    expect(decodeToken(null)).toBeNull();
  });
});
