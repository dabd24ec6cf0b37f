import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createImageLoader, IMAGE_RETRY_MS, type ImageStatus } from './image-loader';

describe('image loader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes pending → loading → failed, retries every 5 s, then loaded', async () => {
    const statuses: ImageStatus[] = [];
    let calls = 0;
    const loader = createImageLoader(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('offline');
        return 'blob:ok';
      },
      (s) => statuses.push(s.status),
    );
    expect(statuses).toEqual(['pending']);
    loader.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(['pending', 'loading', 'failed']);
    await vi.advanceTimersByTimeAsync(IMAGE_RETRY_MS - 1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(IMAGE_RETRY_MS);
    expect(statuses).toEqual(['pending', 'loading', 'failed', 'loading', 'failed', 'loading', 'loaded']);
    expect(IMAGE_RETRY_MS).toBe(5000);
  });

  it('stops retrying when disposed', async () => {
    const load = vi.fn(async () => {
      throw new Error('gone');
    });
    const loader = createImageLoader(load, () => undefined);
    loader.start();
    await vi.advanceTimersByTimeAsync(0);
    loader.dispose();
    await vi.advanceTimersByTimeAsync(IMAGE_RETRY_MS * 5);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not retry when retry is off', async () => {
    const load = vi.fn(async () => {
      throw new Error('gone');
    });
    createImageLoader(load, () => undefined, { retry: false }).start();
    await vi.advanceTimersByTimeAsync(IMAGE_RETRY_MS * 3);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
