import { CONNECTIVITY_RETRY_COUNT, CONNECTIVITY_RETRY_MS } from '@oppslag/common/constants.ts';

export type ConnectivityState = 'online' | 'testing' | 'unreachable' | 'offline';

export interface ConnectivityOptions {
  /** One status check; resolves true when the server answers. Never retried by the client. */
  check: () => Promise<boolean>;
  onState: (state: ConnectivityState) => void;
  intervalMs?: number;
  tries?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The connectivity test of spec §4: after a network error the status endpoint is asked every 3 s,
 * up to 10 times. Requests that failed wait on `whenOnline()` and are retried once it resolves.
 * When every try fails the state becomes 'unreachable' (the dialog shows) until `retry()`.
 * Browser offline/online events short-cut the loop.
 */
export class Connectivity {
  private state: ConnectivityState = 'online';
  private waiters: (() => void)[] = [];
  private running = false;
  private readonly intervalMs: number;
  private readonly tries: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: ConnectivityOptions) {
    this.intervalMs = opts.intervalMs ?? CONNECTIVITY_RETRY_MS;
    this.tries = opts.tries ?? CONNECTIVITY_RETRY_COUNT;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  get current(): ConnectivityState {
    return this.state;
  }

  private set(state: ConnectivityState) {
    this.state = state;
    this.opts.onState(state);
    if (state === 'online') {
      const waiters = this.waiters;
      this.waiters = [];
      for (const w of waiters) w();
    }
  }

  /** Resolves when the server is reachable again; starts the test if none runs. */
  whenOnline(): Promise<void> {
    if (this.state === 'online') return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** A request failed with a network error: mark unreachable and start testing. */
  networkFailed(): Promise<void> {
    const wait = new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.state === 'online') this.set('testing');
    void this.run();
    return wait;
  }

  /** The user pressed retry in the connectivity dialog, or the browser came back online. */
  retry(): void {
    if (this.state === 'online') return;
    this.set('testing');
    void this.run();
  }

  browserOffline(): void {
    this.set('offline');
  }

  browserOnline(): void {
    this.retry();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let attempt = 0; attempt < this.tries; attempt++) {
        if (this.state === 'offline') return;
        if (await this.opts.check().catch(() => false)) {
          this.set('online');
          return;
        }
        if (attempt < this.tries - 1) await this.sleep(this.intervalMs);
      }
      if (this.state === 'testing') this.set('unreachable');
    } finally {
      this.running = false;
    }
  }
}
