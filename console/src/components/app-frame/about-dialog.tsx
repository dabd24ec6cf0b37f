import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { serverInfoAtom } from '../../lib/server-info';
import { Button } from '../button';
import { Modal } from '../dialog';

/**
 * "About Oppslag" (from the user menu): the server's release version, as `GET /api/status` reports
 * it, so a user can tell support which release they run and an operator can see an upgrade landed.
 */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { version, supportEmail } = useAtomValue(serverInfoAtom);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('frame.aboutTitle')}
      actions={<Button onClick={onClose}>{t('frame.aboutClose')}</Button>}
    >
      <p>{t('frame.aboutText')}</p>
      <p className="mt-3" data-testid="about-version">
        {t('frame.aboutVersion', { version: version ?? '—' })}
      </p>
      <p className="mt-1">
        {t('frame.aboutSupport')} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      </p>
    </Modal>
  );
}
