import { ROLES } from '@oppslag/common/constants.ts';
import { contract } from '@oppslag/common/contract/index.ts';
import { addMembersSchema } from '@oppslag/common/schemas/user.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldTexts } from '../../../api/error-messages';
import { call } from '../../../api/typed-client';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/dialog';
import { SelectField, TextField } from '../../../components/field';
import { FormResult } from '../../../components/form-result';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { loadMembers } from '../../../state/members';

/** One member of the API's add-members body (a list): its e-mail and role rules. */
const memberSchema = addMembersSchema.element;
const TEXTS: FieldTexts = { email: { invalid_email: 'entity:members.invalidEmail' } };
const EMPTY = { email: '', role: 'moderator' as const };

/** Add member: a valid e-mail and one of owner, administrator, moderator (spec §5). */
export function AddMemberDialog({
  entityId,
  open,
  onClose,
}: {
  entityId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('entity');
  const form = useSchemaForm(memberSchema, { defaultValues: EMPTY, texts: TEXTS });
  const email = form.watch('email');
  const roleError = form.formState.errors.role?.message;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form whenever the dialog opens
  useEffect(() => {
    if (open) {
      form.reset(EMPTY);
      form.result.setState({ status: 'initialized', message: null, fields: {} });
    }
  }, [open]);

  const submit = form.onSubmit(
    async (member) => {
      await call(contract.members.add, { params: { id: entityId }, body: [member] });
      await loadMembers(entityId);
      onClose();
      return true;
    },
    {
      success: null,
      error: t('errors.addMembers'),
      // The body is a list of one (email, role): the API reports its fields as 0.email and 0.role.
      serverFields: { '0.email': 'email', '0.role': 'role' },
    },
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('members.addTitle')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form="add-member-form" disabled={form.result.submitting || !email}>
            {t('members.addSubmit')}
          </Button>
        </>
      }
    >
      <form id="add-member-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormResult state={form.result} />
        <TextField label={t('members.email')} type="email" {...form.field('email')} required autoFocus />
        <SelectField label={t('members.role')} {...form.register('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`common:roles.${r}`)}
            </option>
          ))}
        </SelectField>
        {roleError && <p className="text-sm text-red-700">{roleError}</p>}
        <p className="text-xs text-slate-500">{t('members.addHint')}</p>
      </form>
    </Modal>
  );
}
