import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { listeningPort } from './listening-port';

/** A free TCP port on loopback (closed again before it is returned). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = listeningPort(srv);
      srv.close(() => resolve(port));
    });
  });
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * A private, throw-away redis-server for fault tests: it can be killed and started again on the
 * same port without touching the shared Redis other tests use.
 */
export class PrivateRedis {
  private proc: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.restart();
    return redis;
  }

  /** Starts (again) on the same port and waits until it accepts connections. */
  async restart(): Promise<void> {
    if (this.proc) return;
    this.proc = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (!(await answers(this.port))) {
      if (Date.now() > deadline) throw new Error('private redis-server did not start');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Kills the server hard (SIGKILL), as a crash would; resolves when the port is closed. */
  async kill(): Promise<void> {
    const proc = this.proc;
    if (!proc) return;
    this.proc = null;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  }
}
