import { atom } from 'jotai';
import { emptyContent } from '../api/types';
import type { Language } from './i18n';
import type { PlayerState } from './sync-engine';

/** The display token, for API requests made by widgets (images). */
export const tokenAtom = atom<string | null>(null);
export const languageAtom = atom<Language>('no');
export const playerStateAtom = atom<PlayerState>({ manifest: null, content: emptyContent(), online: false });
