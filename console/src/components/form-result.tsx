import type { FormState } from '../lib/use-form-state';
import { Alert } from './card';

/** The result line under a form: visible for 5 seconds after a submit. */
export function FormResult({ state }: { state: FormState }) {
  if (!state.message) return null;
  return <Alert kind={state.status === 'error' ? 'error' : 'success'}>{state.message}</Alert>;
}
