import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installNotice } from '../../services/install.service';
import { startTestApi, type TestApi } from '../../test/harness';

const body = {
  adminEmail: 'admin@example.com',
  adminPassword: 'correct horse battery',
  rootEntity: 'Solsiden',
};
/** A request a proxy on this machine forwarded from the internet (the socket is loopback). */
const remote = { 'x-forwarded-for': '203.0.113.9' };

/** The token as start-up prints it (api/src/main.ts, scripts/start.ts). */
async function printedToken(api: TestApi): Promise<string> {
  const line = (await installNotice(api.deps)).find((l) => l.includes('install token'));
  const token = line?.split(': ').at(-1);
  if (!token) throw new Error(`no install token printed: ${line}`);
  return token;
}

describe('install from another machine (issue 26 item 5)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('is refused without the install token, or with a wrong one, and installs nothing', async () => {
    const missing = await api.request('POST', '/api/admin/install', { body, headers: remote });
    expect(missing.status).toBe(403);
    expect(missing.body.error.code).toBe('install_token_required');
    expect(missing.body.error.fields).toEqual([
      { path: 'installToken', code: 'required', message: expect.stringContaining('install token') },
    ]);
    const token = await printedToken(api);
    const wrong = await api.request('POST', '/api/admin/install', {
      body: { ...body, installToken: `${token.slice(0, -1)}x` },
      headers: remote,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.fields[0]).toMatchObject({ path: 'installToken', code: 'invalid_value' });
    expect((await api.request('GET', '/api/status')).body.status).toBe('uninstalled');
  });

  it('installs with the token printed at start, which is useless (and no longer printed) afterwards', async () => {
    const token = await printedToken(api);
    expect(token).toHaveLength(32);
    const res = await api.request('POST', '/api/admin/install', {
      body: { ...body, installToken: token },
      headers: remote,
    });
    expect(res.status).toBe(201);
    expect(await installNotice(api.deps)).toEqual([]);
    const again = await api.request('POST', '/api/admin/install', {
      body: { ...body, installToken: token },
      headers: remote,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_installed');
  });
});

describe('install from this machine', () => {
  const apis: TestApi[] = [];
  afterAll(() => Promise.all(apis.map((a) => a.close())));

  it('needs no token from a loopback peer, as before', async () => {
    const api = await startTestApi();
    apis.push(api);
    expect((await api.request('POST', '/api/admin/install', { body })).status).toBe(201);
  });

  it('behind a trusted proxy (TRUST_PROXY) counts the client the proxy reports, never one it was told', async () => {
    const api = await startTestApi({ env: { TRUST_PROXY: '1' } });
    apis.push(api);
    // The proxy appends the real client after whatever the client claimed.
    const spoofed = await api.request('POST', '/api/admin/install', {
      body,
      headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
    });
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.error.code).toBe('install_token_required');
    const local = await api.request('POST', '/api/admin/install', {
      body,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(local.status).toBe(201);
  });
});
