import { canHaveChildren } from '@oppslag/common/constants.ts';
import { contract } from '@oppslag/common/contract/index.ts';
import { can, entityCreationChoices } from '@oppslag/common/permissions.ts';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/typed-client';
import { Button } from '../../components/button';
import { Modal } from '../../components/dialog';
import { SelectField, TextField } from '../../components/field';
import { FormResult } from '../../components/form-result';
import { useSchemaForm } from '../../lib/use-schema-form';
import { setEntityContext, storeEntity, useEntities } from '../../state/entities';
import { ancestry } from '../../state/entities.reducer';
import { useProfile } from '../../state/profile';
import { tokenUserAtom } from '../../state/session';
import { showSnackbar } from '../../state/snackbar';
import { NEW_ENTITY_TEXTS, type NewEntityForm, newEntityFormSchema } from './new-entity.validation';

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
  const form = useSchemaForm(newEntityFormSchema, {
    defaultValues: empty,
    texts: NEW_ENTITY_TEXTS,
    // Once refused, a field is checked again as it is corrected.
    reValidateMode: 'onChange',
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the dialog opens
  useEffect(() => {
    if (open) {
      form.reset(empty);
      form.result.setState({ status: 'initialized', message: null, fields: {} });
    }
  }, [open, parentId]);

  // A new organization belongs under the system root, not inside the organization being viewed
  // (issue 31 item 7): choosing the type moves the parent there; it can still be changed.
  const type = form.watch('type');
  const rootId = Object.values(byId).find((e) => e.type === 'system')?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the type or the root changes
  useEffect(() => {
    if (type === 'organization' && rootId !== undefined) form.setValue('parentId', String(rootId));
  }, [type, rootId]);

  // The entity's own permissions (from the API) when known, else the same `can` on its chain.
  const mayCreateIn = (id: number) =>
    byId[id]?.permissions?.includes('create_entity') ??
    can(actor, 'create_entity', profile?.permissions ?? [], ancestry(byId, id));
  const parents = Object.values(byId)
    .filter((e) => canHaveChildren(e.type) && mayCreateIn(e.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'nb'));

  const submit = form.onSubmit(
    async (body) => {
      const created = await call(contract.entities.create, { body });
      storeEntity(created, 'created');
      // A new organization becomes the context, so the tree shows it at once instead of staying on
      // another organization with no visible change; every creation is confirmed.
      if (created.type === 'organization') setEntityContext(created.id);
      showSnackbar('success', t('new.created', { name: created.name }));
      onClose();
      return created;
    },
    { success: null, error: t('errors.create') },
  );
  const { errors } = form.formState;

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
          <Button type="submit" form="new-entity-form" disabled={form.result.submitting}>
            {t('new.create')}
          </Button>
        </>
      }
    >
      <form id="new-entity-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormResult state={form.result} />
        <TextField label={t('fields.name')} {...form.field('name')} required autoFocus />
        <SelectField label={t('fields.type')} {...form.register('type')}>
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`common:entityTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        {errors.type && <p className="text-sm text-red-700">{errors.type.message}</p>}
        <SelectField label={t('fields.parent')} {...form.register('parentId')}>
          {choices.topLevel && <option value="">{t('new.noParent')}</option>}
          {parents.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({t(`common:entityTypes.${p.type}`)})
            </option>
          ))}
        </SelectField>
        {errors.parentId && <p className="text-sm text-red-700">{errors.parentId.message}</p>}
        {choices.codeWord && (
          <TextField label={t('fields.codeWord')} {...form.field('codeWord')} hint={t('new.codeWordHint')} />
        )}
      </form>
    </Modal>
  );
}
