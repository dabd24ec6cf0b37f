import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness';
import { createLogger } from './logger';
import { createMailer } from './mailer';

/** Issue 14 item 9 (ASVS V16.2.5): logs carry neither mailed secrets nor query parameters. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', 'test', stream), text: () => lines.join('') };
}

describe('log hygiene', () => {
  let api: TestApi;
  let dataDir: string;
  beforeAll(async () => {
    api = await startTestApi();
    dataDir = mkdtempSync(join(tmpdir(), 'oppslag-mail-'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('without SMTP_URL writes the mail to an owner-only file and logs neither password nor link', async () => {
    const log = capture();
    const mailer = createMailer({ from: 'oppslag@example.com', dataDir, logger: log.logger });
    const secret = 'Generated-Secret-8841';
    const link = 'https://tavla.example.no/reset-password?token=abcDEF123secret';
    await mailer.send({ to: 'kari@example.com', subject: 'New password', text: `${secret}\n${link}` });
    expect(log.text()).toContain('kari@example.com');
    expect(log.text()).not.toContain(secret);
    expect(log.text()).not.toContain('abcDEF123secret');
    const [file] = readdirSync(join(dataDir, 'mail'));
    expect(readFileSync(join(dataDir, 'mail', file), 'utf8')).toContain(link);
  });

  it('logs a failed query without its parameters, in the error and in its message', async () => {
    const phone = '004791234567';
    const err = await api.deps.database.db.execute(sql`select ${phone}::int`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toContain(phone); // what drizzle does, hence the serializer
    const log = capture();
    log.logger.error({ err }, 'unhandled error');
    log.logger.error({ err: (err as Error).message }, 'could not store');
    expect(log.text()).toContain('Failed query');
    expect(log.text()).not.toContain(phone);
  });
});
