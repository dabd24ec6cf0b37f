import { SNACKBAR_MS } from '@oppslag/common/constants.ts';
import { atom } from 'jotai';
import { store } from './store';

export interface SnackbarMessage {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

export const snackbarAtom = atom<SnackbarMessage | null>(null);
let nextId = 1;

/** Shows a snackbar for 2 seconds (spec §9); a newer one replaces an older one. */
export function showSnackbar(kind: SnackbarMessage['kind'], text: string, durationMs = SNACKBAR_MS): void {
  const id = nextId++;
  store.set(snackbarAtom, { id, kind, text });
  setTimeout(() => {
    if (store.get(snackbarAtom)?.id === id) store.set(snackbarAtom, null);
  }, durationMs);
}
