import { AsyncLocalStorage } from 'node:async_hooks';
import type { OutboxNotifier } from '../deps';
import type { Db, Tx } from './client';

/**
 * The one unit of work, for HTTP routes and worker jobs alike: the work runs in one transaction,
 * the events it records are committed with its rows, and after the commit the outbox relay is woken
 * once (when there were events to move). Nothing else in app code opens a transaction or wakes the
 * relay (unit-of-work.test.ts scans for it), and `recordEvent` refuses to run outside one, so an
 * event can neither be written outside the transaction of its cause nor wait for the relay's sweep
 * because a caller forgot the wake.
 */
export type UnitOfWork = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** What a unit of work needs: the database and the commit signal (`AppDeps` has both). */
export interface UnitOfWorkDeps {
  database: { db: Db };
  outbox: OutboxNotifier;
}

/** The transaction a unit of work runs in, and the events written in it (shared with nested ones). */
interface Work {
  tx: Tx;
  events: { count: number };
}

const current = new AsyncLocalStorage<Work>();

/**
 * Runs `work` in one transaction and wakes the relay after it committed, if it wrote events. A unit
 * of work started inside another (the demo seed installs inside its own) is a savepoint of it: it
 * commits with the outer one, which does the waking.
 */
export async function unitOfWork<T>(deps: UnitOfWorkDeps, work: (tx: Tx) => Promise<T>): Promise<T> {
  const outer = current.getStore();
  if (outer) return outer.tx.transaction((tx) => current.run({ tx, events: outer.events }, () => work(tx)));
  const events = { count: 0 };
  const result = await deps.database.db.transaction((tx) => current.run({ tx, events }, () => work(tx)));
  if (events.count > 0) deps.outbox.notify();
  return result;
}

/**
 * A unit of work that is ONE statement, so no BEGIN/COMMIT around it (the inbound SMS webhook's
 * insert of the message and its event, db/prepared.ts): the statement commits by itself and the
 * relay is woken after it when it wrote events (`enlistEvents` on the database handle).
 */
export async function statementOfWork<T>(deps: UnitOfWorkDeps, work: (db: Db) => Promise<T>): Promise<T> {
  if (current.getStore())
    throw new Error('statementOfWork inside a unit of work: pass its transaction instead');
  const events = { count: 0 };
  const result = await current.run({ tx: deps.database.db, events }, () => work(deps.database.db));
  if (events.count > 0) deps.outbox.notify();
  return result;
}

/** A function bound to one set of deps, as route handlers and services that take `uow` get it. */
export function unitOfWorkOf(deps: UnitOfWorkDeps): UnitOfWork {
  return (work) => unitOfWork(deps, work);
}

/**
 * Called by whatever writes events, BEFORE it writes (`recordEvents`, the webhook's statement):
 * throws unless `tx` is the transaction of the unit of work this code runs in, and answers the
 * function that counts the events written, so the relay is woken after the commit. An event written
 * through the bare database or a hand-opened transaction would commit without a wake (or apart from
 * the change it announces): that is a bug, refused here before anything is written.
 */
export function enlistEvents(tx: Tx): (count: number) => void {
  const work = current.getStore();
  if (!work) throw new Error('events recorded outside a unit of work (use unitOfWork(deps, tx => ...))');
  if (work.tx !== tx)
    throw new Error('events recorded on another transaction than the unit of work it runs in');
  return (count) => {
    work.events.count += count;
  };
}
