import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { authApi } from '../api/auth.api';
import { Spinner } from '../components/card';
import { ConnectivityDialog } from '../components/connectivity-dialog';
import { SessionExpiredDialog } from '../components/session-expired-dialog';
import { Snackbar } from '../components/snackbar';
import { serverInfoAtom } from '../lib/server-info';
import { installStatusAtom } from '../state/session';
import { store } from '../state/store';

/** Asks the API whether it is installed; every route waits for the answer. */
export function RootLayout() {
  const status = useAtomValue(installStatusAtom);
  useEffect(() => {
    authApi.status().then(
      (s) => {
        store.set(installStatusAtom, s.status);
        const info = store.get(serverInfoAtom);
        store.set(serverInfoAtom, {
          supportEmail: s.supportEmail ?? info.supportEmail,
          smsNumber: s.smsNumber ?? info.smsNumber,
          featureSet: s.featureSet ?? info.featureSet,
          production: s.production ?? info.production,
          version: s.version,
        });
      },
      () => store.set(installStatusAtom, 'online'),
    );
  }, []);
  return (
    <>
      {status === 'unknown' ? <Spinner size={48} /> : <Outlet />}
      <SessionExpiredDialog />
      <ConnectivityDialog />
      <Snackbar />
    </>
  );
}
