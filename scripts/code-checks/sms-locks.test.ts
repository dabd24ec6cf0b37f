import { describe, expect, it } from 'vitest';
import { appSourceFiles, parseSource } from './app-sources.ts';
import { handLocks } from './sms-locks.ts';

const LOCKS = 'api/src/domain/sms/locks.ts';

/**
 * Issue 27 item 3: the SMS lock order is code (api/src/domain/sms/locks.ts), and no caller takes an
 * SMS lock by hand. The other advisory locks of the app are single locks with nothing taken after
 * them in another order; they are listed so a new one is looked at.
 */
const OTHER_ADVISORY: Record<string, string> = {
  'api/src/db/migrations.ts': 'one migration run at a time, before the app records anything',
  'api/src/services/entity.service.ts': 'tree moves, one at a time (the cycle check)',
  'api/src/services/entity-delete.service.ts': 'tree moves and deletes, one at a time',
  'api/src/services/install.service.ts': 'the one installation',
  'api/src/services/user.service.ts': 'the last administrator',
  'api/src/test/harness.ts': 'the test database template, built once',
  'worker/src/test/lock-holder.ts': 'lock-order tests play the other transaction in a second session',
};

describe('SMS locks in app code', () => {
  it('are named and taken only in domain/sms/locks.ts', { timeout: 30_000 }, () => {
    const all = appSourceFiles().flatMap((file) => handLocks(parseSource(file)).map((l) => ({ file, ...l })));
    // The scan sees the lock module's own keys and statement, so it is looking at the right code.
    expect(all.filter((l) => l.file === LOCKS).map((l) => l.kind)).toEqual(
      expect.arrayContaining(['sms-key', 'advisory-lock']),
    );
    const offenders = all
      .filter((l) => l.file !== LOCKS && (l.kind === 'sms-key' || !(l.file in OTHER_ADVISORY)))
      .map((l) => `${l.file}:${l.line}: ${l.text.trim().slice(0, 80)} -- take SMS locks with takeSmsLocks`);
    expect(offenders).toEqual([]);
  });

  it('finds SMS lock keys and advisory locks however they are written', () => {
    const source = parseSource(
      'x/src/a.ts',
      [
        "await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms-approval-codes'))`);",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text of a template literal
        'const key = `sms-to:${number}`;',
        "lockAll(tx, ['sms-org:' + id]);",
        '// sms-to: in a comment, pg_advisory_lock in a comment',
        "const other = 'sms-tool';",
      ].join('\n'),
    );
    expect(handLocks(source).map((l) => [l.line, l.kind])).toEqual([
      [1, 'sms-key'],
      [1, 'advisory-lock'],
      [2, 'sms-key'],
      [3, 'sms-key'],
    ]);
  });
});
