import { disconnectRealtime } from '../realtime/socket';
import { resetEntities } from './entities';
import { resetMembers } from './members';
import { profileAtom } from './profile';
import { sessionExpiredAtom, setToken } from './session';
import { store } from './store';

/** logout action: clears the token and every piece of signed-in state. */
export function logout(): void {
  disconnectRealtime();
  setToken(null);
  store.set(sessionExpiredAtom, false);
  store.set(profileAtom, null);
  resetEntities();
  resetMembers();
}
