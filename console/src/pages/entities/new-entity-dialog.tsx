import { canHaveChildren } from '@oppslag/common/constants.ts';
import { can, entityCreationChoices } from '@oppslag/common/permissions.ts';
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entitiesApi } from '../../api/entities.api';
import { errorMessages } from '../../api/error-messages';
import { Button } from '../../components/button';
import { Alert } from '../../components/card';
import { Modal } from '../../components/dialog';
import { SelectField, TextField } from '../../components/field';
import { setEntityContext, storeEntity, useEntities } from '../../state/entities';
import { ancestry } from '../../state/entities.reducer';
import { useProfile } from '../../state/profile';
import { tokenUserAtom } from '../../state/session';
import { showSnackbar } from '../../state/snackbar';
import {
  type NewEntityErrors,
  type NewEntityForm,
  newEntityPayload,
  validateNewEntity,
} from './new-entity.validation';

/** The types the dialog offers, in this order, as far as entityCreationChoices allows them. */
const TYPES = ['organization', 'group', 'display'] as const;

/**
 * New-entity dialog: Organization, Group or Display under a parent that can have children. What
 * it offers comes from the API's own rules (`entityCreationChoices` and `create_entity` through
 * `can`): an owner or administrator gets groups and displays below entities they may create in,
 * and no "no parent" or code word, which the API would refuse them (issue 11 item 8).
 */
export function NewEntityDialog({
  open,
  parentId,
  onClose,
}: {
  open: boolean;
  parentId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('entities');
  const { byId } = useEntities();
  const user = useAtomValue(tokenUserAtom);
  const profile = useProfile();
  const actor = { id: user?.id ?? 0, admin: user?.admin === true };
  const choices = entityCreationChoices(actor);
  const types = TYPES.filter((type) => choices.types.includes(type));
  const empty: NewEntityForm = {
    name: '',
    type: parentId || !choices.topLevel ? 'group' : 'organization',
    parentId: parentId ? String(parentId) : '',
    codeWord: '',
  };
  const [form, setForm] = useState<NewEntityForm>(empty);
  const [errors, setErrors] = useState<NewEntityErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the dialog opens
  useEffect(() => {
    if (open) {
      setForm(empty);
      setErrors({});
      setServerErrors({});
      setFailed(null);
    }
  }, [open, parentId]);

  // The entity's own permissions (from the API) when known, else the same `can` on its chain.
  const mayCreateIn = (id: number) =>
    byId[id]?.permissions?.includes('create_entity') ??
    can(actor, 'create_entity', profile?.permissions ?? [], ancestry(byId, id));
  const parents = Object.values(byId)
    .filter((e) => canHaveChildren(e.type) && mayCreateIn(e.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'nb'));

  const set = (key: keyof NewEntityForm) => (e: { target: { value: string } }) => {
    const next = { ...form, [key]: e.target.value };
    setForm(next);
    if (errors[key]) setErrors(validateNewEntity(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateNewEntity(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailed(null);
    try {
      const created = await entitiesApi.create(newEntityPayload(form));
      storeEntity(created, 'created');
      // A new organization becomes the context, so the tree shows it at once instead of staying on
      // another organization with no visible change; every creation is confirmed.
      if (created.type === 'organization') setEntityContext(created.id);
      showSnackbar('success', t('new.created', { name: created.name }));
      onClose();
    } catch (err) {
      const { formMessage, fieldMessages } = errorMessages(err, t, {
        failed: t('errors.create'),
        shown: ['name', 'type', 'parentId', 'codeWord'],
      });
      setServerErrors(fieldMessages);
      setFailed(formMessage);
    } finally {
      setBusy(false);
    }
  };

  const error = (key: keyof NewEntityForm) => (errors[key] ? t(errors[key]!) : (serverErrors[key] ?? null));

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('new.title')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form="new-entity-form" disabled={busy}>
            {t('new.create')}
          </Button>
        </>
      }
    >
      <form id="new-entity-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {failed && <Alert kind="error">{failed}</Alert>}
        <TextField
          label={t('fields.name')}
          value={form.name}
          onChange={set('name')}
          error={error('name')}
          required
          autoFocus
        />
        <SelectField label={t('fields.type')} value={form.type} onChange={set('type')}>
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`common:entityTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        {error('type') && <p className="text-sm text-red-700">{error('type')}</p>}
        <SelectField label={t('fields.parent')} value={form.parentId} onChange={set('parentId')}>
          {choices.topLevel && <option value="">{t('new.noParent')}</option>}
          {parents.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({t(`common:entityTypes.${p.type}`)})
            </option>
          ))}
        </SelectField>
        {error('parentId') && <p className="text-sm text-red-700">{error('parentId')}</p>}
        {choices.codeWord && (
          <TextField
            label={t('fields.codeWord')}
            value={form.codeWord}
            onChange={set('codeWord')}
            error={error('codeWord')}
            hint={t('new.codeWordHint')}
          />
        )}
      </form>
    </Modal>
  );
}
