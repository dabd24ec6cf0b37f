import { describe, expect, it } from 'vitest';
import { appSourceFiles, parseSource } from './app-sources.ts';
import { handWork } from './transactions.ts';

/**
 * The files that may open a transaction of their own, and why. Everything else runs its writes in
 * `unitOfWork(deps, tx => …)` (api/src/db/unit-of-work.ts), which also wakes the relay.
 */
const ALLOWED: Record<string, string> = {
  'api/src/db/unit-of-work.ts': 'the unit of work itself: the one transaction and the one wake',
  'api/src/db/migrations.ts': 'schema migrations run before the app starts and record no events',
  'worker/src/relay.ts': 'the relay claims and marks events; it records none and is what a wake wakes',
};

describe('transactions and relay wakes in app code', () => {
  it('are opened only by the unit of work (and the allowed files)', { timeout: 30_000 }, () => {
    const all = appSourceFiles().flatMap((file) => handWork(parseSource(file)).map((w) => ({ file, ...w })));
    // The scan sees the unit of work's own transaction and wake, so it is looking at the right code.
    expect(all.filter((w) => w.file === 'api/src/db/unit-of-work.ts').map((w) => w.kind)).toEqual(
      expect.arrayContaining(['transaction', 'wake']),
    );
    const offenders = all
      .filter((w) => !(w.file in ALLOWED))
      .map((w) => `${w.file}:${w.line}: ${w.text}(…) -- use unitOfWork(deps, tx => …)`);
    expect(offenders).toEqual([]);
    // A wake outside the unit of work is never allowed, not even in the allowed files.
    expect(all.filter((w) => w.kind === 'wake' && w.file !== 'api/src/db/unit-of-work.ts')).toEqual([]);
  });

  it('finds hand transactions and wakes however they are written', () => {
    const source = parseSource(
      'x/src/a.ts',
      [
        'await deps.database.db.transaction(async (tx) => recordEvent(tx, e));',
        'await db().transaction((tx) => x(tx));',
        'deps.outbox.notify();',
        'relay.notify();',
        '// db.transaction( in a comment',
      ].join('\n'),
    );
    expect(handWork(source).map((w) => [w.line, w.kind])).toEqual([
      [1, 'transaction'],
      [2, 'transaction'],
      [3, 'wake'],
    ]);
  });
});
