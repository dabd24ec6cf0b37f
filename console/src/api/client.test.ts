import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToken, sessionExpiredAtom, setToken } from '../state/session';
import { store } from '../state/store';
import { request } from './client';

const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '');
const tokenFor = (id: number, n: number) =>
  `${b64({ alg: 'HS256' })}.${b64({ user: { id, email: `u${id}@example.no`, admin: false }, n })}.sig`;
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.restoreAllMocks();
  setToken(null);
  store.set(sessionExpiredAtom, false);
});

describe('request and the session', () => {
  it('a 401 for a token the console has since replaced is asked again with the new one', async () => {
    const old = tokenFor(7, 1);
    const fresh = tokenFor(7, 2);
    setToken(old);
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(async () => {
        // The own e-mail change answers with a new token while this request is under way.
        setToken(fresh);
        return answer(401, { error: { code: 'unauthorized', message: 'Unauthorized' } });
      })
      .mockResolvedValueOnce(answer(200, { id: 7 }));
    expect(await request('GET', '/users/7')).toEqual({ id: 7 });
    const sent = fetchSpy.mock.calls.map(
      ([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers.authorization,
    );
    expect(sent).toEqual([`Bearer ${old}`, `Bearer ${fresh}`]);
    expect(store.get(sessionExpiredAtom)).toBe(false);
    expect(currentToken()).toBe(fresh);
  });

  it('a 401 for the current token ends the session', async () => {
    setToken(tokenFor(7, 1));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer(401, { error: { code: 'unauthorized', message: 'x' } }),
    );
    await expect(request('GET', '/users/7')).rejects.toMatchObject({ status: 401 });
    expect(store.get(sessionExpiredAtom)).toBe(true);
    expect(currentToken()).toBeNull();
  });
});
