import { atom } from 'jotai';
import type { User } from '../api/users.api';
import { usersApi } from '../api/users.api';
import { setLanguage } from '../i18n/index';
import { tokenUserAtom } from './session';
import { store } from './store';

/** The signed-in user's full profile (permissions, phone, language), loaded after sign-in. */
export const profileAtom = atom<User | null>(null);

/** Loads the profile and applies the user's language to the interface. */
export async function loadProfile(): Promise<void> {
  const tokenUser = store.get(tokenUserAtom);
  if (!tokenUser) return;
  try {
    const profile = await usersApi.get(tokenUser.id);
    store.set(profileAtom, profile);
    if (profile.language) await setLanguage(profile.language);
  } catch {
    // The token alone still identifies the user; language falls back to the stored locale.
    if (tokenUser.language) await setLanguage(tokenUser.language);
  }
}
