import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, FOREIGN_STALE_MS, lockDataDir } from './data-dir-lock';

const moduleUrl = new URL('./data-dir-lock.ts', import.meta.url).href;

/** Another OS process that takes the lock on `dir` and then idles until killed. */
function holder(dir: string): Promise<ChildProcess> {
  const code = `const { lockDataDir } = await import(${JSON.stringify(moduleUrl)});
lockDataDir(${JSON.stringify(dir)}, 'holder'); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d) => String(d).includes('locked') && resolve(child));
    child.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('DATA_DIR lock', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'oppslag-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(
      children.splice(0).map((c) => (c.exitCode === null && c.signalCode === null ? killed(c) : undefined)),
    );
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses while another live process holds it, and takes it over once that process was killed', async () => {
    const dir = fresh();
    const child = await holder(dir);
    children.push(child);
    let refused: unknown;
    try {
      lockDataDir(dir, 'test');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).code).toBe('data_dir_locked');
    expect((refused as DataDirLockedError).holder).toMatchObject({ pid: child.pid, host: hostname() });
    expect((refused as Error).message).toContain(`process ${child.pid} (holder) on host ${hostname()}`);

    await killed(child);
    const lock = lockDataDir(dir, 'test');
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    // Released: another process can take it.
    children.push(await holder(dir));
  });

  it('treats a live pid that is not the recorded process (pid reuse) as stale', async () => {
    const dir = fresh();
    const other = await holder(fresh());
    children.push(other);
    const recorded = { pid: other.pid, host: hostname(), startedAt: 'then', role: 'old' };
    writeFileSync(join(dir, 'oppslag.lock'), JSON.stringify({ ...recorded, bootId: null, procStart: '1' }));
    const lock = lockDataDir(dir, 'test');
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('a lock written on another host is kept while it beats and taken once it stopped', () => {
    const dir = fresh();
    const path = join(dir, 'oppslag.lock');
    const foreign = {
      pid: 1,
      host: 'elsewhere',
      startedAt: 'then',
      role: 'x',
      bootId: null,
      procStart: null,
    };
    writeFileSync(path, JSON.stringify(foreign));
    expect(() => lockDataDir(dir, 'test')).toThrow(DataDirLockedError);
    const old = new Date(Date.now() - FOREIGN_STALE_MS - 5000);
    utimesSync(path, old, old);
    const lock = lockDataDir(dir, 'test');
    expect(JSON.parse(readFileSync(path, 'utf8')).host).toBe(hostname());
    lock.release();
  });
});
