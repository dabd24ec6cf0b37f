import { FORM_RESULT_MS } from '@oppslag/common/constants.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages, type FieldTexts } from '../api/error-messages';

/** The generic form states of spec §4. */
export type FormStatus = 'uninitialized' | 'initialized' | 'submitting' | 'success' | 'error';

export interface FormState {
  status: FormStatus;
  message: string | null;
  /** Translated reasons of the last refusal by field path; they stay until the next submit. */
  fields: Record<string, string>;
}

export interface SubmitMessages {
  success: string | null;
  /** The form's "what failed" sentence; the server's reason follows it. A function decides alone. */
  error: string | ((e: unknown) => string);
  /** Field paths the form shows next to their fields (see errorMessages). */
  shown?: readonly string[];
  /** The form's own words for some field refusals (see errorMessages). */
  texts?: FieldTexts;
  /** Receives the translated field reasons of a refusal (useSchemaForm puts them on the fields). */
  onFields?: (fields: Record<string, string>) => void;
}

/**
 * Runs a form submission: ignores a second submit while one is running, and shows the result
 * message for 5 seconds. A falsy result counts as an error (spec §5). A refusal's field reasons
 * land in `fields`, translated, for the fields to show.
 */
export function useFormState(initial: FormStatus = 'initialized') {
  const { t } = useTranslation();
  const [state, setState] = useState<FormState>({ status: initial, message: null, fields: {} });
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const finish = useCallback((status: 'success' | 'error', message: string | null, fields = {}) => {
    setState({ status, message, fields });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState((s) => ({ ...s, message: null })), FORM_RESULT_MS);
  }, []);

  const submit = useCallback(
    async <T>(action: () => Promise<T>, messages: SubmitMessages) => {
      if (busy.current) return undefined;
      busy.current = true;
      setState({ status: 'submitting', message: null, fields: {} });
      try {
        const result = await action();
        if (!result && result !== undefined) throw new Error('falsy result');
        finish('success', messages.success);
        return result ?? (true as T);
      } catch (err) {
        const { formMessage, fieldMessages } = errorMessages(err, t, {
          failed: typeof messages.error === 'string' ? messages.error : undefined,
          shown: messages.shown,
          texts: messages.texts,
        });
        messages.onFields?.(fieldMessages);
        finish(
          'error',
          typeof messages.error === 'function' ? messages.error(err) : formMessage,
          fieldMessages,
        );
        return undefined;
      } finally {
        busy.current = false;
      }
    },
    [finish, t],
  );

  return { ...state, submitting: state.status === 'submitting', submit, setState };
}
