import { contract } from '@oppslag/common/contract/index.ts';
import { call } from '../api/typed-client';
import { serverInfoAtom } from '../lib/server-info';
import { installStatusAtom } from './session';
import { store } from './store';

/**
 * Asks the API once at boot whether it is installed, with the installation's facts (support
 * address, SMS number, feature set, version); every route waits for the answer (RootLayout). Read
 * at boot rather than in a component's effect: nothing on screen can change it but installing,
 * which sets the status itself. An API that cannot answer counts as installed (the connectivity
 * dialog says the rest).
 */
export function loadInstallStatus(): Promise<void> {
  return call(contract.install.status).then(
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
}
