import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../api/query-client';
import { setToken } from './session';

const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '');
const tokenFor = (id: number) =>
  `${b64({ alg: 'HS256' })}.${b64({ user: { id, email: `u${id}@example.no`, admin: false } })}.sig`;
const KEY = ['notes', 1];

afterEach(() => {
  setToken(null);
  queryClient.clear();
});

describe('the query cache across sign-ins', () => {
  it('another user signing in after an expired session starts from an empty cache', () => {
    setToken(tokenFor(7));
    queryClient.setQueryData(KEY, ['a note only user 7 may see']);
    setToken(null); // the 401 of an expired session
    setToken(tokenFor(8));
    expect(queryClient.getQueryData(KEY)).toBeUndefined();
  });

  it('the same user signing in again keeps the cache but has all of it fetched afresh', () => {
    setToken(tokenFor(7));
    queryClient.setQueryData(KEY, ['note']);
    setToken(null);
    setToken(tokenFor(7));
    expect(queryClient.getQueryData(KEY)).toEqual(['note']);
    expect(queryClient.getQueryState(KEY)?.isInvalidated).toBe(true);
  });

  it('a fresh token for the same signed-in user (own e-mail changed) leaves the cache alone', () => {
    setToken(tokenFor(7));
    queryClient.setQueryData(KEY, ['note']);
    setToken(tokenFor(7));
    expect(queryClient.getQueryState(KEY)?.isInvalidated).toBe(false);
  });
});
