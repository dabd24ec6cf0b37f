import { describe, expect, it } from 'vitest';
import { captureLogs } from '../test/log-capture';

/** Issue 26 item 6: what a log line may not carry, whatever field or message it comes in. */
describe('the one log redaction', () => {
  const written = (write: (log: ReturnType<typeof captureLogs>['logger']) => void) => {
    const log = captureLogs();
    write(log.logger);
    return log;
  };

  it('scrubs phone numbers in every format from messages, fields and errors, and keeps the line JSON', () => {
    const log = written((l) => {
      l.info({ note: 'from +4791234567 and 0047 912 34 567' }, 'sms 91234567 arrived');
      l.warn({ err: new Error('insert failed for +47 912 34 567') }, 'could not store');
      l.error({ nested: { who: ['004791234567'] } }, 'x');
    });
    expect(log.text()).not.toMatch(/912\s?34\s?567/);
    const [first] = log.lines();
    expect(first.msg).toBe('sms [phone] arrived');
    expect(first.note).toBe('from [phone] and [phone]');
    // Numbers are not strings: the epoch-millisecond time stays.
    expect(typeof first.time).toBe('number');
  });

  it('scrubs JWTs, bearer credentials, long keys and approval codes after their reply word', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyIjp7ImlkIjoxfX0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const apiKey = 'Zk3mQ9x_Lr2-Tb8WvY1nHc4sPa7eKd0g';
    const log = written((l) => {
      l.info({ header: `Bearer ${jwt}` }, `token ${jwt}`);
      l.info({ auth: 'Basic dXNlcjpwYXNz' }, `key ${apiKey} given`);
      l.info('reply JA 4821, then nei 1937 and code 5511');
    });
    for (const secret of [jwt, 'dXNlcjpwYXNz', apiKey, '4821', '1937', '5511'])
      expect(log.text()).not.toContain(secret);
    const [bearer, key, codes] = log.lines();
    expect(bearer.header).toBe('Bearer [redacted]');
    expect(bearer.msg).toBe('token [jwt]');
    expect(key.msg).toBe('key [key] given');
    expect(codes.msg).toBe('reply JA [code], then nei [code] and code [code]');
  });

  it('redacts by field name whatever the value, at any depth: recipients, texts, keys, headers', () => {
    const log = written((l) =>
      l.info(
        {
          to: 'x',
          sms: { text: 'JA 1234', phone: 'y' },
          req: { headers: { authorization: 'z' } },
          apiKey: 'k',
        },
        'x',
      ),
    );
    expect(log.lines()[0]).toMatchObject({
      to: '[redacted]',
      sms: { text: '[redacted]', phone: '[redacted]' },
      req: { headers: { authorization: '[redacted]' } },
      apiKey: '[redacted]',
    });
  });

  it('keeps what is no secret: event ids (UUIDs), dates, short numbers', () => {
    const id = '550e8400-e29b-41d4-a716-446655440000';
    const log = written((l) =>
      l.info({ eventId: id, at: '2025-03-01T10:00:00.000Z', port: 3000 }, 'relayed 12 events'),
    );
    expect(log.lines()[0]).toMatchObject({
      eventId: id,
      at: '2025-03-01T10:00:00.000Z',
      port: 3000,
      msg: 'relayed 12 events',
    });
  });
});
