// One process per DATA_DIR. Two processes on one PGlite directory hand out the same ids and then
// corrupt it ("could not locate a valid checkpoint record"), so every process that opens the
// directory's database takes this lock first, and a second one refuses at once, naming the holder.
//
// Why not proper-lockfile: it decides staleness by mtime alone and records nothing about the
// holder. PGlite runs on the main thread, so a long migration can stall the event loop past any
// mtime deadline and a healthy holder would lose its lock; and the refusal must name the holder.
// Here staleness on the same host is decided exactly (the pid is gone, or now belongs to another
// process: /proc start time and boot id differ); only a lock written on another host (a container
// recreated on the same volume) falls back to its heartbeat, refreshed every few seconds.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { errnoOf } from '@oppslag/common/thrown.ts';
import { z } from 'zod';

const LOCK_FILE = 'oppslag.lock';
const HEARTBEAT_MS = 5_000;
/** A lock from another host is taken over only after this long without a heartbeat. */
export const FOREIGN_STALE_MS = 60_000;

const holderSchema = z.object({
  pid: z.number().int(),
  host: z.string(),
  startedAt: z.string(),
  /** Linux: the kernel boot id and the process start time (clock ticks since boot) of `pid`. */
  bootId: z.string().nullable(),
  procStart: z.string().nullable(),
  role: z.string(),
});
export type LockHolder = z.infer<typeof holderSchema>;

/** Thrown when another live process holds the directory; `code` is what callers recognize. */
export class DataDirLockedError extends Error {
  readonly code = 'data_dir_locked';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.pid} (${holder.role}) on host ${holder.host}, started ${holder.startedAt}`
      : 'another process (its lock file is unreadable)';
    super(
      `DATA_DIR ${dataDir} is in use by ${who}. Only one Oppslag process may use a data directory: ` +
        `stop that process, or start this one with another DATA_DIR. If you are sure no process ` +
        `uses it, delete ${join(dataDir, LOCK_FILE)}.`,
    );
  }
}

const readOr = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
};

const bootId = () => readOr('/proc/sys/kernel/random/boot_id');

/** Field 22 of /proc/<pid>/stat (after the parenthesized command name, which may hold spaces). */
function procStart(pid: number): string | null {
  const stat = readOr(`/proc/${pid}/stat`);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errnoOf(err) === 'EPERM';
  }
}

/** Whether the holder recorded in a lock file is certainly gone, so the lock may be taken over. */
export function isStale(holder: LockHolder | null, lockMtimeMs: number, nowMs = Date.now()): boolean {
  if (!holder || holder.host !== hostname()) return nowMs - lockMtimeMs > FOREIGN_STALE_MS;
  if (holder.pid === process.pid) return true; // we hold nothing yet, so it is a previous life of this pid
  if (holder.bootId && bootId() && holder.bootId !== bootId()) return true; // written before a reboot
  if (!pidAlive(holder.pid)) return true;
  // The pid lives: it is the holder only if it is the same process (pids get reused).
  return holder.procStart !== null && procStart(holder.pid) !== holder.procStart;
}

function readHolder(path: string): LockHolder | null {
  try {
    return holderSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return null;
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file (only if it is still ours). Safe to call twice. */
  release(): void;
}

/**
 * Takes the exclusive lock on `dataDir` or throws DataDirLockedError. The file is created with
 * link(2), which fails atomically when it exists, so it never appears half written. Taking over a
 * stale lock is serialized by a side directory, so two starters cannot both remove it.
 */
export function lockDataDir(dataDir: string, role = 'oppslag'): DataDirLock {
  const own = held.get(dataDir);
  if (own) return own;
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    bootId: bootId(),
    procStart: procStart(process.pid),
    role,
  };
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const fd = openSync(tmp, 'wx', 0o644);
  writeSync(fd, `${JSON.stringify(me)}\n`);
  closeSync(fd);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(tmp, path);
        break;
      } catch (err) {
        if (errnoOf(err) !== 'EEXIST' || attempt > 2) throw err;
      }
      if (!takeOverIfStale(path)) throw new DataDirLockedError(dataDir, readHolder(path));
    }
  } finally {
    unlinkSync(tmp);
  }
  // Heartbeat for the other-host case; unref'd so it never keeps the process alive.
  const beat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // The directory went away; nothing to refresh.
    }
  }, HEARTBEAT_MS);
  beat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(beat);
    held.delete(dataDir);
    process.off('exit', release);
    const holder = readHolder(path);
    if (holder?.pid === me.pid && holder.startedAt === me.startedAt) unlinkSync(path);
  };
  // A process that exits without closing (a shutdown deadline, an uncaught error) leaves no lock.
  process.on('exit', release);
  const lock = { path, release };
  held.set(dataDir, lock);
  return lock;
}

/** The locks this process holds, by directory: closeDeps releases after closing the database. */
const held = new Map<string, DataDirLock>();

/** Releases this process's lock on `dataDir`, if it holds one. */
export function releaseDataDir(dataDir: string): void {
  held.get(dataDir)?.release();
}

/** Removes the lock at `path` when its holder is certainly gone; false when it is held. */
function takeOverIfStale(path: string): boolean {
  const side = `${path}.takeover`;
  try {
    mkdirSync(side);
  } catch (err) {
    if (errnoOf(err) !== 'EEXIST') throw err;
    // Another starter is taking over right now, or died doing so (then its side lock is old).
    const age = Date.now() - (statMtime(side) ?? Date.now());
    if (age < 10_000) return false;
    rmdirSync(side);
    return takeOverIfStale(path);
  }
  try {
    const mtime = statMtime(path);
    if (mtime === null) return true; // released meanwhile: try again
    if (!isStale(readHolder(path), mtime)) return false;
    unlinkSync(path);
    return true;
  } finally {
    rmdirSync(side);
  }
}

function statMtime(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}
