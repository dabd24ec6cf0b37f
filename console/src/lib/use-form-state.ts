import { FORM_RESULT_MS } from '@oppslag/common/constants.ts';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The generic form states of spec §4. */
export type FormStatus = 'uninitialized' | 'initialized' | 'submitting' | 'success' | 'error';

export interface FormState {
  status: FormStatus;
  message: string | null;
}

/**
 * Runs a form submission: ignores a second submit while one is running, and shows the result
 * message for 5 seconds. A falsy result counts as an error (spec §5).
 */
export function useFormState(initial: FormStatus = 'initialized') {
  const [state, setState] = useState<FormState>({ status: initial, message: null });
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const finish = useCallback((status: 'success' | 'error', message: string | null) => {
    setState({ status, message });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState((s) => ({ ...s, message: null })), FORM_RESULT_MS);
  }, []);

  const submit = useCallback(
    async <T>(
      action: () => Promise<T>,
      messages: { success: string | null; error: string | ((e: unknown) => string) },
    ) => {
      if (busy.current) return undefined;
      busy.current = true;
      setState({ status: 'submitting', message: null });
      try {
        const result = await action();
        if (!result && result !== undefined) throw new Error('falsy result');
        finish('success', messages.success);
        return result ?? (true as T);
      } catch (err) {
        finish('error', typeof messages.error === 'function' ? messages.error(err) : messages.error);
        return undefined;
      } finally {
        busy.current = false;
      }
    },
    [finish],
  );

  return { ...state, submitting: state.status === 'submitting', submit, setState };
}
