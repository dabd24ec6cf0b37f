import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../components/card';
import { ConnectivityDialog } from '../components/connectivity-dialog';
import { SessionExpiredDialog } from '../components/session-expired-dialog';
import { Snackbar } from '../components/snackbar';
import { installStatusAtom } from '../state/session';

/** Every route waits for the install status, read at boot (state/install-status.ts). */
export function RootLayout() {
  const status = useAtomValue(installStatusAtom);
  return (
    <>
      {status === 'unknown' ? <Spinner size={48} /> : <Outlet />}
      <SessionExpiredDialog />
      <ConnectivityDialog />
      <Snackbar />
    </>
  );
}
