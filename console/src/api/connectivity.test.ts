import { describe, expect, it } from 'vitest';
import { Connectivity, type ConnectivityState } from './connectivity';

function harness(answers: boolean[]) {
  const states: ConnectivityState[] = [];
  const sleeps: number[] = [];
  let checks = 0;
  const c = new Connectivity({
    check: async () => answers[checks++] ?? false,
    onState: (s) => states.push(s),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { c, states, sleeps, checks: () => checks };
}

describe('Connectivity', () => {
  it('retries the status check every 3 s until the server answers, then releases waiting requests', async () => {
    const h = harness([false, false, true]);
    let released = false;
    await h.c.networkFailed().then(() => {
      released = true;
    });
    expect(released).toBe(true);
    expect(h.checks()).toBe(3);
    expect(h.sleeps).toEqual([3000, 3000]);
    expect(h.states).toEqual(['testing', 'online']);
  });

  it('gives up after 10 tries and shows the dialog; retry starts over', async () => {
    const h = harness([...Array(10).fill(false), true]);
    const waiting = h.c.networkFailed();
    await new Promise((r) => setTimeout(r, 0));
    expect(h.checks()).toBe(10);
    expect(h.c.current).toBe('unreachable');
    h.c.retry();
    await waiting;
    expect(h.checks()).toBe(11);
    expect(h.states).toEqual(['testing', 'unreachable', 'testing', 'online']);
  });

  it('stops testing while the browser is offline and resumes on the online event', async () => {
    const h = harness([true]);
    h.c.browserOffline();
    const waiting = h.c.whenOnline();
    expect(h.c.current).toBe('offline');
    h.c.browserOnline();
    await waiting;
    expect(h.c.current).toBe('online');
  });
});
