import { canHaveChildren } from '@oppslag/common/constants.ts';
import { contract } from '@oppslag/common/contract/index.ts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/typed-client';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Icon } from '../../../components/icons';
import { displayUrl, serverInfoAtom } from '../../../lib/server-info';
import { useIsAdmin } from '../../../state/permissions';
import { showSnackbar } from '../../../state/snackbar';
import { DisplayHealthCard } from '../../health/display-health-card';
import { ChildList } from '../children/child-list';
import { useEntity } from '../entity-frame';
import { DisplayCredentials } from './display-credentials';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-sm font-medium break-all text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/**
 * The player's preview link: a read-only display token of minutes in the fragment, which the
 * browser never sends to a server (issue 14 item 6); the player keeps it in memory only.
 */
export function previewUrl(preview: { token: string; displayId: string }): string {
  const fragment = new URLSearchParams({ preview: preview.token, displayId: preview.displayId });
  return `${displayUrl()}/#${fragment.toString()}`;
}

/**
 * Opens the display's screen in a new tab for anyone who may see the display. The tab is opened
 * on the click (a popup blocker allows only that) and sent to the player once the token is there.
 */
export async function openPreview(entityId: number, failed: () => void): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = previewUrl(await call(contract.entities.previewDisplay, { params: { id: entityId } }));
    if (!tab) {
      window.open(url, '_blank', 'noopener');
      return;
    }
    tab.opener = null;
    tab.location.href = url;
  } catch {
    tab?.close();
    failed();
  }
}

/** General / dashboard tab: identity, SMS details, display preview and (admins) credentials. */
export default function GeneralTab() {
  const { t } = useTranslation('entity');
  const entity = useEntity();
  const isAdmin = useIsAdmin();
  const { smsNumber } = useAtomValue(serverInfoAtom);
  // An entity may carry its own SMS number; otherwise the installation's.
  const own = 'smsNumber' in entity && typeof entity.smsNumber === 'string' ? entity.smsNumber : null;
  const sms = own ?? smsNumber;
  return (
    <div className="flex flex-col gap-4">
      <Card title={t('general.title')}>
        <dl className="divide-y divide-slate-100">
          <Row label={t('fields.name')}>{entity.name}</Row>
          <Row label={t('fields.type')}>{t(`common:entityTypes.${entity.type}`)}</Row>
          <Row label={t('fields.codeWord')}>
            {entity.codeWord || <span className="text-slate-500">{t('general.none')}</span>}
          </Row>
          <Row label={t('fields.smsNumber')}>
            {sms || <span className="text-slate-500">{t('general.none')}</span>}
          </Row>
        </dl>
        {entity.type === 'display' && entity.displayId && (
          <div className="mt-3">
            <Button
              onClick={() => void openPreview(entity.id, () => showSnackbar('error', t('errors.preview')))}
            >
              <Icon name="open_in_new" className="size-4" /> {t('general.preview')}
            </Button>
          </div>
        )}
      </Card>
      {entity.type === 'display' && <DisplayHealthCard displayId={entity.id} />}
      {isAdmin && entity.type === 'display' && <DisplayCredentials entity={entity} />}
      {isAdmin && canHaveChildren(entity.type) && (
        <Card title={t('children.title')}>
          <ChildList entity={entity} />
        </Card>
      )}
    </div>
  );
}
