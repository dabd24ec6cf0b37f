import { contract } from '@oppslag/common/contract/index.ts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Entity } from '../../../api/entities.api';
import { call } from '../../../api/typed-client';
import { Button } from '../../../components/button';
import { Alert, Card } from '../../../components/card';
import { Modal } from '../../../components/dialog';
import { Checkbox, SelectField, TextField } from '../../../components/field';
import { serverInfoAtom } from '../../../lib/server-info';
import { loadEntities, useEntities } from '../../../state/entities';
import { childrenOf, moveTargets } from '../../../state/entities.reducer';
import { showSnackbar } from '../../../state/snackbar';
import { canDelete, type DeleteChoice, deleteBody } from './delete-entity.logic';

/** Housekeeping (admins): delete with the typed-name confirmation; children deleted or moved. */
export function DeleteEntityCard({ entity }: { entity: Entity }) {
  const { t } = useTranslation('entity');
  const navigate = useNavigate();
  const { byId } = useEntities();
  const { supportEmail } = useAtomValue(serverInfoAtom);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [choice, setChoice] = useState<DeleteChoice>({
    typedName: '',
    mode: 'delete',
    confirmChildren: false,
    moveTo: null,
  });
  const hasChildren = childrenOf(byId, entity.id).length > 0;
  const targets = moveTargets(byId, entity.id);

  const close = () => {
    setOpen(false);
    setFailed(false);
    setChoice({ typedName: '', mode: 'delete', confirmChildren: false, moveTo: null });
  };

  const remove = async () => {
    if (busy || !canDelete(entity.name, hasChildren, choice)) return;
    setBusy(true);
    setFailed(false);
    try {
      await call(contract.entities.remove, {
        params: { id: entity.id },
        body: deleteBody(hasChildren, choice),
      });
      await loadEntities();
      showSnackbar('success', t('common:feedback.entityDeleted', { name: entity.name }));
      navigate('/entities');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('settings.delete.title')} className="border-red-200">
      <p className="mb-3 text-sm text-slate-600">{t('settings.delete.intro')}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('settings.delete.button')}
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={t('settings.delete.dialogTitle', { name: entity.name })}
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              variant="danger"
              onClick={remove}
              disabled={busy || !canDelete(entity.name, hasChildren, choice)}
            >
              {t('settings.delete.confirm')}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          {failed && <Alert kind="error">{t('settings.delete.error')}</Alert>}
          <p>{t('settings.delete.warning')}</p>
          {hasChildren && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-medium text-slate-800">
                {t('settings.delete.childrenQuestion')}
              </legend>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="mode"
                  className="accent-primary-500"
                  checked={choice.mode === 'delete'}
                  onChange={() => setChoice({ ...choice, mode: 'delete' })}
                />
                {t('settings.delete.modeDelete')}
              </label>
              {choice.mode === 'delete' && (
                <Checkbox
                  className="ml-6"
                  label={t('settings.delete.confirmChildren')}
                  checked={choice.confirmChildren}
                  onChange={(e) => setChoice({ ...choice, confirmChildren: e.target.checked })}
                />
              )}
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="mode"
                  className="accent-primary-500"
                  checked={choice.mode === 'move'}
                  onChange={() => setChoice({ ...choice, mode: 'move' })}
                />
                {t('settings.delete.modeMove')}
              </label>
              {choice.mode === 'move' &&
                (targets.length === 0 ? (
                  <Alert kind="warning">
                    {t('settings.delete.noTarget')}{' '}
                    <a className="underline" href={`mailto:${supportEmail}`}>
                      {supportEmail}
                    </a>
                  </Alert>
                ) : (
                  <SelectField
                    label={t('settings.delete.moveTo')}
                    value={choice.moveTo ?? ''}
                    onChange={(e) =>
                      setChoice({
                        ...choice,
                        moveTo: e.target.value ? Number.parseInt(e.target.value, 10) : null,
                      })
                    }
                  >
                    <option value="">{t('settings.delete.chooseTarget')}</option>
                    {targets.map((target) => (
                      <option key={target.id} value={target.id}>
                        {target.name}
                      </option>
                    ))}
                  </SelectField>
                ))}
            </fieldset>
          )}
          <TextField
            label={t('settings.delete.typeName', { name: entity.name })}
            value={choice.typedName}
            onChange={(e) => setChoice({ ...choice, typedName: e.target.value })}
            autoComplete="off"
          />
        </div>
      </Modal>
    </Card>
  );
}
