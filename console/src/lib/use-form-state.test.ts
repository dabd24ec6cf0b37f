// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { setLanguage } from '../i18n/index';
import { useFormState } from './use-form-state';

describe('useFormState', () => {
  beforeEach(async () => {
    await setLanguage('no');
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes submitting → success and shows the message for 5 seconds', async () => {
    const { result } = renderHook(() => useFormState());
    expect(result.current.status).toBe('initialized');
    let resolve!: (v: string) => void;
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.submit(() => new Promise<string>((r) => (resolve = r)), {
        success: 'Saved!',
        error: 'Failed',
      });
    });
    expect(result.current.status).toBe('submitting');
    await act(async () => {
      resolve('ok');
      await done;
    });
    expect(result.current).toMatchObject({ status: 'success', message: 'Saved!' });
    act(() => vi.advanceTimersByTime(4999));
    expect(result.current.message).toBe('Saved!');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.message).toBeNull();
  });

  it('treats a thrown error and a falsy result as errors', async () => {
    const { result } = renderHook(() => useFormState());
    await act(async () => {
      await result.current.submit(() => Promise.reject(new Error('boom')), {
        success: 'ok',
        error: 'Failed to update entity settings.',
      });
    });
    expect(result.current).toMatchObject({ status: 'error', message: 'Failed to update entity settings.' });
    await act(async () => {
      await result.current.submit(async () => false, { success: 'ok', error: 'Nope' });
    });
    expect(result.current).toMatchObject({ status: 'error', message: 'Nope' });
  });

  it('ignores a second submit while one is running', async () => {
    const { result } = renderHook(() => useFormState());
    const action = vi.fn(() => new Promise((r) => setTimeout(() => r('done'), 100)));
    let first!: Promise<unknown>;
    let second!: Promise<unknown>;
    act(() => {
      first = result.current.submit(action, { success: 'ok', error: 'err' });
      second = result.current.submit(action, { success: 'ok', error: 'err' });
    });
    await act(async () => {
      vi.advanceTimersByTime(100);
      await first;
    });
    expect(await second).toBeUndefined();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("keeps a refusal's field reasons, translated, and tells an unshown field in the message", async () => {
    const { result } = renderHook(() => useFormState());
    const refusal = new ApiError(400, 'validation_failed', 'Phone number is not a valid NO phone number', [
      { path: 'phoneNumber', code: 'invalid_phone', message: 'Phone number is not a valid NO phone number' },
    ]);
    await act(async () => {
      await result.current.submit(() => Promise.reject(refusal), {
        success: 'ok',
        error: 'Kunne ikke oppdatere profilen.',
        shown: ['phoneNumber'],
      });
    });
    expect(result.current).toMatchObject({
      status: 'error',
      message: 'Kunne ikke oppdatere profilen. Noen felt må rettes.',
      fields: { phoneNumber: 'Skriv inn et norsk mobilnummer, for eksempel 912 34 567.' },
    });
    await act(async () => {
      await result.current.submit(() => Promise.reject(refusal), {
        success: 'ok',
        error: 'Feil.',
        shown: [],
      });
    });
    expect(result.current).toMatchObject({
      message: 'Feil. phoneNumber: Skriv inn et norsk mobilnummer, for eksempel 912 34 567.',
      fields: {},
    });
  });
});
