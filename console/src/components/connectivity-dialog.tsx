import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { connectivity } from '../api/client';
import { connectivityAtom } from '../state/session';
import { Button } from './button';
import { Modal } from './dialog';
import { Icon } from './icons';

/**
 * While the connectivity test runs a thin banner says so; once it gave up (10 tries) or the
 * browser is offline, the dialog with retry shows.
 */
export function ConnectivityDialog() {
  const { t } = useTranslation();
  const state = useAtomValue(connectivityAtom);
  return (
    <>
      {state === 'testing' && (
        <div
          role="status"
          className="fixed inset-x-0 top-0 z-[60] bg-amber-500 px-4 py-1 text-center text-sm font-medium text-slate-900"
        >
          {t('connectivity.testing')}
        </div>
      )}
      <Modal
        open={state === 'unreachable' || state === 'offline'}
        onClose={() => undefined}
        persistent
        title={
          <span className="flex items-center gap-2">
            <Icon name="wifi_off" /> {t('connectivity.title')}
          </span>
        }
        actions={
          <Button onClick={() => connectivity.retry()} disabled={state === 'offline'}>
            {t('actions.retry')}
          </Button>
        }
      >
        <p>{state === 'offline' ? t('connectivity.offline') : t('connectivity.unreachable')}</p>
      </Modal>
    </>
  );
}
