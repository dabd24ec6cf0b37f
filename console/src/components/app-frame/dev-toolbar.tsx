import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { apiUrl, displayUrl, serverInfoAtom, showDevToolbar } from '../../lib/server-info';

/** Outside production: where this console talks to, so testers know which stack they are on. */
export function DevToolbar() {
  const { t } = useTranslation();
  const info = useAtomValue(serverInfoAtom);
  if (!showDevToolbar(info)) return null;
  return (
    <footer
      data-testid="dev-toolbar"
      className="flex flex-wrap gap-x-4 gap-y-1 border-t border-amber-300 bg-amber-50 px-4 py-1.5 text-xs text-amber-950"
    >
      <strong>{t('frame.devToolbar')}</strong>
      <span>
        {t('frame.apiUrl')}: <code>{apiUrl()}</code>
      </span>
      <span>
        {t('frame.displayUrl')}: <code>{displayUrl()}</code>
      </span>
    </footer>
  );
}
