import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginPath } from '../routes/paths';
import { sessionExpiredAtom } from '../state/session';
import { store } from '../state/store';
import { Button } from './button';
import { Modal } from './dialog';

/** Shown when the API answered 401 to a signed-in call: the token is already cleared. */
export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const open = useAtomValue(sessionExpiredAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const retry = () => {
    store.set(sessionExpiredAtom, false);
    navigate(loginPath(location.pathname + location.search));
  };
  return (
    <Modal
      open={open}
      onClose={retry}
      persistent
      title={t('session.timedOutTitle')}
      actions={<Button onClick={retry}>{t('session.logInAgain')}</Button>}
    >
      <p>{t('session.timedOutText')}</p>
    </Modal>
  );
}
