import { queryClient } from '../api/query-client';
import { disconnectRealtime } from '../realtime/socket';
import { resetEntities } from './entities';
import { sessionExpiredAtom, setToken } from './session';
import { store } from './store';

/** logout action: clears the token and every piece of signed-in state (the whole query cache). */
export function logout(): void {
  disconnectRealtime();
  setToken(null);
  store.set(sessionExpiredAtom, false);
  resetEntities();
  queryClient.clear();
}
