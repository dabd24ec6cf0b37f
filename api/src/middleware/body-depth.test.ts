import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/fixtures';
import { startTestApi, type TestApi } from '../test/harness';
import { captureLogs, type LogCapture } from '../test/log-capture';
import { MAX_BODY_DEPTH } from './body-depth';

/**
 * Depth and size limits on JSON bodies (issue 28 item 6), over real HTTP with the server's logs
 * captured: deep nesting is a client's mistake (400 `invalid_body`), never an error in the log.
 */
describe('deeply nested JSON bodies', () => {
  let api: TestApi;
  let log: LogCapture;
  let token: string;
  beforeAll(async () => {
    log = captureLogs();
    api = await startTestApi({ logger: log.logger });
    token = (await createUser(api.deps, { email: 'kari@example.com', password: 'kari-password' })).token;
  });
  afterAll(() => api.close());

  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const send = (path: string, raw: string, auth?: string) =>
    api.request('POST', path, { raw, token: auth, headers: { 'content-type': 'application/json' } });
  const errorLines = () => log.lines().filter((l) => typeof l.level === 'number' && l.level >= 50);

  it('answers 400 invalid_body to 100,000 brackets, anonymous or signed in, with nothing at error level', async () => {
    for (const [path, auth] of [
      ['/api/authentication/login', undefined],
      ['/api/sms/inbound/sveve', undefined],
      ['/api/account/change-password', token],
    ] as const) {
      const res = await send(path, `{"email":${nested(100_000)}}`, auth);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe('invalid_body');
    }
    expect(errorLines()).toEqual([]);
  });

  it('takes a body as deep as the limit and refuses one level more', async () => {
    // Depth counts the containers: the outer object is level 1.
    const atLimit = await send('/api/authentication/login', `{"email":${nested(MAX_BODY_DEPTH - 1)}}`);
    expect(atLimit.body.error?.code).toBe('validation_failed');
    const over = await send('/api/authentication/login', `{"email":${nested(MAX_BODY_DEPTH)}}`);
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('invalid_body');
  });

  it('keeps the size limit: 413 payload_too_large above 256 kB', async () => {
    const res = await send('/api/authentication/login', `{"email":${nested(200_000)}}`);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect(errorLines()).toEqual([]);
  });
});
