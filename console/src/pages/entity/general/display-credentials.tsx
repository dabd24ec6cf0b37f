import { contract } from '@oppslag/common/contract/index.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../api/entities.api';
import { call } from '../../../api/typed-client';
import { Button } from '../../../components/button';
import { Alert, Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyButton } from '../../../components/copy-button';
import { Icon } from '../../../components/icons';
import { storeEntity } from '../../../state/entities';
import { showSnackbar } from '../../../state/snackbar';

/** Admins: display id and API key with copy, and regenerate (asking first when a key exists). */
export function DisplayCredentials({ entity }: { entity: Entity }) {
  const { t } = useTranslation('entity');
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const regenerate = async () => {
    setConfirm(false);
    setBusy(true);
    setFailed(false);
    try {
      storeEntity(await call(contract.entities.regenerateApiKey, { params: { id: entity.id } }));
      showSnackbar('success', t('general.regenerated'));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('general.credentials')}>
      <div className="flex flex-col gap-3">
        {failed && <Alert kind="error">{t('errors.regenerate')}</Alert>}
        <div>
          <p className="text-sm text-slate-500">{t('general.displayId')}</p>
          <div className="flex items-center gap-2">
            <code className="rounded bg-slate-100 px-2 py-1 text-sm" data-testid="display-id">
              {entity.displayId ?? '—'}
            </code>
            {entity.displayId && <CopyButton value={entity.displayId} label={t('general.copyDisplayId')} />}
          </div>
        </div>
        <div>
          <p className="text-sm text-slate-500">{t('general.apiKey')}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="rounded bg-slate-100 px-2 py-1 text-sm break-all" data-testid="api-key">
              {entity.apiKey ?? t('general.noApiKey')}
            </code>
            {entity.apiKey && <CopyButton value={entity.apiKey} label={t('general.copyApiKey')} />}
          </div>
        </div>
        <div>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => (entity.apiKey ? setConfirm(true) : regenerate())}
          >
            <Icon name="refresh" className="size-4" /> {t('general.regenerate')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirm}
        title={t('general.regenerate')}
        confirmLabel={t('general.regenerate')}
        danger
        onConfirm={regenerate}
        onCancel={() => setConfirm(false)}
      >
        {t('general.regenerateWarning')}
      </ConfirmDialog>
    </Card>
  );
}
