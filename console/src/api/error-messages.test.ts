// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { request } from './client';
import { errorMessages } from './error-messages';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** What the console shows for a failed call, from the answer as the API (or a proxy) sends it. */
async function shown(answer: Response, language: 'no' | 'en'): Promise<string> {
  vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer);
  const err = await request('GET', '/entities').catch((e: unknown) => e);
  return errorMessages(err, i18n.getFixedT(language), { failed: 'Failed.' }).formMessage;
}

afterEach(() => vi.restoreAllMocks());

/** Issue 26 item 6: a server failure names its request id, the reference the logs carry. */
describe('error reference in the console', () => {
  const failure = {
    error: { code: 'internal_error', message: 'Internal server error', requestId: 'abc123' },
  };

  it('shows the reference of a 5xx in Norwegian and English', async () => {
    expect(await shown(json(500, failure, { 'x-request-id': 'abc123' }), 'no')).toBe(
      'Failed. Det oppstod en ukjent feil. Prøv igjen, og si fra til administrator. Feilreferanse: abc123',
    );
    expect(await shown(json(500, failure), 'en')).toMatch(/ Error reference: abc123$/);
  });

  it('takes the reference from the header when the body is not the API’s (a proxy’s 502)', async () => {
    const page = new Response('<html>Bad gateway</html>', {
      status: 502,
      headers: { 'x-request-id': 'px-9' },
    });
    expect(await shown(page, 'en')).toMatch(/ Error reference: px-9$/);
  });

  it('gives a refusal (4xx) no reference: it explains itself', async () => {
    const refused = { error: { code: 'forbidden', message: 'Forbidden', requestId: 'abc123' } };
    expect(await shown(json(403, refused), 'en')).toBe('Failed. You do not have permission to do this.');
  });
});
