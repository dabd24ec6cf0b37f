// The display load: several load-generator processes (display-clients.mjs), each holding its share
// of the display connections, so the clients use both cores fairly and never share an event loop
// with the server under test. Arrival times come back on the system's monotonic clock; `clock()`
// reads the same clock here.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Milliseconds on CLOCK_MONOTONIC, comparable across the processes of this machine. */
export const clock = () => Number(process.hrtime.bigint()) / 1e6;

type FromChild =
  | { type: 'ready' }
  | { type: 'connected'; connected: number; failed: number; ms: number }
  | { type: 'arrived'; event: string; id: string; times: number[] }
  | { type: 'partial'; counts: Record<string, number> }
  | { type: 'fetched'; ok: number; failed: number }
  | {
      type: 'storm';
      served: number;
      errors: number;
      lastServedAt: number;
      statuses: Record<string, number>;
      failures: Record<string, number>;
      openMs: Record<string, number>;
      tcpMs: Record<string, number>;
      attempts: Record<string, number>;
    };

export interface Arrival {
  event: string;
  /** Arrival times at every socket, from the processes that reported so far. */
  times: number[];
  /** How many processes reported every one of their sockets. */
  processes: number;
}

export class DisplayClients {
  private readonly children: ChildProcess[];
  private readonly arrivals = new Map<string, Arrival>();
  private readonly waiters = new Set<() => void>();
  /** Displays connected per process (so a write's recipients are known). */
  readonly connected: number[];

  private constructor(children: ChildProcess[]) {
    this.children = children;
    this.connected = children.map(() => 0);
    for (const child of children)
      child.on('message', (msg: FromChild) => {
        if (msg.type !== 'arrived') return;
        let a = this.arrivals.get(msg.id);
        if (!a) {
          a = { event: msg.event, times: [], processes: 0 };
          this.arrivals.set(msg.id, a);
        }
        for (const t of msg.times) a.times.push(t);
        a.processes += 1;
        for (const w of this.waiters) w();
      });
  }

  static async start(processes = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2)): Promise<DisplayClients> {
    const children = await Promise.all(
      Array.from({ length: processes }, async () => {
        const child = fork(fileURLToPath(new URL('./display-clients.mjs', import.meta.url)), [], {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          // Plain JavaScript: no TypeScript loader in the load generators.
          execArgv: [],
        });
        await new Promise<void>((resolve) =>
          child.on('message', (m: FromChild) => m.type === 'ready' && resolve()),
        );
        return child;
      }),
    );
    return new DisplayClients(children);
  }

  get total(): number {
    return this.connected.reduce((a, b) => a + b, 0);
  }

  private ask<T extends FromChild['type']>(
    child: ChildProcess,
    msg: object,
    answer: T,
  ): Promise<Extract<FromChild, { type: T }>> {
    return new Promise((resolve) => {
      const on = (m: FromChild) => {
        if (m.type !== answer) return;
        child.off('message', on);
        resolve(m as Extract<FromChild, { type: T }>);
      };
      child.on('message', on);
      child.send(msg);
    });
  }

  /** Connects `tokens` (shared round-robin over the processes) in addition to those connected. */
  async connect(url: string, tokens: string[], opts: { raw?: boolean } = {}) {
    const shares = this.children.map((_, i) => tokens.filter((_, k) => k % this.children.length === i));
    const results = await Promise.all(
      this.children.map((c, i) =>
        this.ask(c, { type: 'connect', url, tokens: shares[i], raw: opts.raw }, 'connected'),
      ),
    );
    results.forEach((r, i) => {
      this.connected[i] += r.connected;
    });
    return {
      connected: results.reduce((n, r) => n + r.connected, 0),
      failed: results.reduce((n, r) => n + r.failed, 0),
      ms: Math.max(...results.map((r) => r.ms)),
    };
  }

  watch(events: string[]): void {
    for (const c of this.children) c.send({ type: 'watch', events });
  }

  /** Forgets every arrival recorded so far. */
  reset(): void {
    this.arrivals.clear();
  }

  /** Events (by id) that every process reported complete. */
  complete(): Map<string, Arrival> {
    return new Map([...this.arrivals].filter(([, a]) => a.processes === this.children.length));
  }

  /**
   * Waits until `count` events are complete at every socket, or `timeoutMs` passes; then returns
   * every event seen with its arrival times, and the recipient messages that never came.
   */
  async waitComplete(
    count: number,
    timeoutMs: number,
  ): Promise<{ events: Map<string, Arrival>; lost: number }> {
    const done = () => this.complete().size >= count;
    if (!done())
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, timeoutMs);
        function finish() {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        const check = () => done() && finish();
        const waiters = this.waiters;
        waiters.add(check);
      });
    let lost = 0;
    if (!done()) {
      // Ask for what arrived at the processes that have not reported an event whole.
      const partials = await Promise.all(
        this.children.map((c) => this.ask(c, { type: 'partial' }, 'partial')),
      );
      const ids = new Set([...this.arrivals.keys(), ...partials.flatMap((p) => Object.keys(p.counts))]);
      const expected = this.total;
      const whole = this.complete().size;
      for (const id of ids) {
        const a = this.arrivals.get(id);
        const got = (a?.times.length ?? 0) + partials.reduce((n, p) => n + (p.counts[id] ?? 0), 0);
        if (a?.processes !== this.children.length) lost += expected - got;
      }
      // Events that no socket saw at all.
      lost += Math.max(0, count - Math.max(whole, ids.size)) * expected;
    }
    return { events: new Map(this.arrivals), lost };
  }

  /** Every display fetches its content once (so each holds an ETag, as a running player does). */
  async fetchContent(apiUrl: string) {
    const r = await Promise.all(this.children.map((c) => this.ask(c, { type: 'fetch', apiUrl }, 'fetched')));
    return { ok: r.reduce((n, x) => n + x.ok, 0), failed: r.reduce((n, x) => n + x.failed, 0) };
  }

  /**
   * Arms the reconnect storm: from now on a dropped display reconnects to `gatewayUrl` with the
   * player's backoff and refetches its content with its ETag. Resolves when every display is served (or failed),
   * or with what was done after `timeoutMs`.
   */
  storm(apiUrl: string, gatewayUrl: string, timeoutMs: number) {
    const results = this.children.map(
      (c) =>
        new Promise<Extract<FromChild, { type: 'storm' }>>((resolve) => {
          const on = (m: FromChild) => {
            if (m.type !== 'storm') return;
            c.off('message', on);
            resolve(m);
          };
          c.on('message', on);
          setTimeout(() => c.connected && c.send({ type: 'stormReport' }), timeoutMs).unref();
        }),
    );
    for (const c of this.children) c.send({ type: 'storm', apiUrl, url: gatewayUrl });
    return Promise.all(results).then((r) => ({
      served: r.reduce((n, x) => n + x.served, 0),
      errors: r.reduce((n, x) => n + x.errors, 0),
      lastServedAt: Math.max(...r.map((x) => x.lastServedAt)),
      statuses: sumCounts(r.map((x) => x.statuses)),
      failures: sumCounts(r.map((x) => x.failures)),
      openMs: sumCounts(r.map((x) => x.openMs)),
      tcpMs: sumCounts(r.map((x) => x.tcpMs)),
      attempts: sumCounts(r.map((x) => x.attempts)),
    }));
  }

  close(): void {
    for (const c of this.children) c.send({ type: 'close' });
  }
}

/** Adds up the per-process counters of the storm (by status, failure reason, …). */
function sumCounts(list: Record<string, number>[]): Record<string, number> {
  const acc: Record<string, number> = {};
  for (const counts of list) for (const [k, v] of Object.entries(counts)) acc[k] = (acc[k] ?? 0) + v;
  return acc;
}
