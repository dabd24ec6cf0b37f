import { contract } from '@oppslag/common/contract/index.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { queryClient } from '../api/query-client';
import { queryKeys } from '../api/query-keys';
import { call } from '../api/typed-client';
import type { User, UserDetailsValues } from '../api/users.api';
import { detailsBody } from '../api/users.api';
import { setLanguage } from '../i18n/index';
import { setToken, tokenUserAtom } from './session';
import { store } from './store';

/** The signed-in user's full profile (permissions, phone, language): a query per user id. */
export const profileQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.profile(userId),
    queryFn: () => call(contract.users.get, { params: { id: userId } }),
    // Saves put the answer in the cache (storeProfile); a change elsewhere comes as user.updated.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The signed-in user's profile, or null while signed out or before it is loaded. */
export function useProfile(): User | null {
  const userId = useAtomValue(tokenUserAtom)?.id;
  const query = useQuery({ ...profileQuery(userId ?? 0), enabled: userId !== undefined }, queryClient);
  return userId === undefined ? null : (query.data ?? null);
}

/** The user's own profile as the API answered after a save (no refetch needed). */
export function storeProfile(user: User): void {
  queryClient.setQueryData(queryKeys.profile(user.id), user);
}

/** Loads the profile into the cache and applies the user's language to the interface. */
export async function loadProfile(): Promise<void> {
  const tokenUser = store.get(tokenUserAtom);
  if (!tokenUser) return;
  try {
    const profile = await queryClient.fetchQuery(profileQuery(tokenUser.id));
    if (profile.language) await setLanguage(profile.language);
  } catch {
    // The token alone still identifies the user; language falls back to the stored locale.
    if (tokenUser.language) await setLanguage(tokenUser.language);
  }
}

/**
 * Saves the signed-in user's own name, e-mail and phone (profile card, and the superadmin's user
 * details page opened on themselves) through `PUT /api/account`. A new address needs the current
 * password (`currentPassword`, undefined when the address stays) and ends every older session, so
 * the fresh token the API answers is kept at once: the user stays signed in. It lives here, not in
 * users.api, because it writes the session and the profile cache (users.api is what this file loads).
 */
export async function saveOwnAccount(values: UserDetailsValues, currentPassword?: string): Promise<User> {
  const { user, token } = await call(contract.account.update, {
    body: { ...detailsBody(values), ...(currentPassword !== undefined ? { currentPassword } : {}) },
  });
  setToken(token);
  storeProfile(user);
  return user;
}
