import { act, cleanup, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenAtom } from '../../player/state';
import { ManagedImage } from './ManagedImage';

const status = () => document.querySelector('[data-image-status]')?.getAttribute('data-image-status');

describe('ManagedImage', () => {
  let responses: number[];
  const revoked: string[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    responses = [];
    revoked.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const code = responses.shift() ?? 200;
        if (code === 0) throw new TypeError('Failed to fetch');
        expect((init?.headers ?? {}) as Record<string, string>).toHaveProperty(
          'authorization',
          'Bearer display-token',
        );
        return new Response(new Blob(['png']), { status: code });
      }),
    );
    let n = 0;
    URL.createObjectURL = () => `blob:image-${++n}`;
    URL.revokeObjectURL = (url: string) => {
      revoked.push(url);
    };
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const store = createStore();
  store.set(tokenAtom, 'display-token');
  const withStore = (url: string) => (
    <Provider store={store}>
      <ManagedImage url={url} alt="" />
    </Provider>
  );
  const renderImage = (url = '/api/assets/1/cropped?v=1') => render(withStore(url));

  it('loads an asset with the display token and retries every 5 s after a failure', async () => {
    responses = [0, 503, 200];
    renderImage();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(status()).toBe('failed');
    expect(document.querySelector('img')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(status()).toBe('failed');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(status()).toBe('loaded');
    expect(document.querySelector('img')?.getAttribute('src')).toBe('blob:image-1');
  });

  it('releases the image memory when it leaves the screen or changes', async () => {
    const view = renderImage('/api/assets/1/cropped?v=1');
    await act(() => vi.advanceTimersByTimeAsync(0));
    view.rerender(withStore('/api/assets/1/cropped?v=2'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(revoked).toEqual(['blob:image-1']);
    view.unmount();
    expect(revoked).toHaveLength(2);
  });
});
