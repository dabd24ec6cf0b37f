import { ROLES, type Role } from '@oppslag/common/constants.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/api-error';
import { entitiesApi } from '../../../api/entities.api';
import { Button } from '../../../components/button';
import { Alert } from '../../../components/card';
import { Modal } from '../../../components/dialog';
import { SelectField, TextField } from '../../../components/field';
import { loadMembers } from '../../../state/members';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('moderator');
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setEmail('');
      setRole('moderator');
      setError(null);
      setFailed(false);
    }
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!EMAIL.test(email.trim())) {
      setError(t('members.invalidEmail'));
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      await entitiesApi.addMembers(entityId, [{ email: email.trim(), role }]);
      await loadMembers(entityId);
      onClose();
    } catch (err) {
      const fields = fieldErrors(err);
      setError(fields['0'] ?? fields.email ?? null);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

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
          <Button type="submit" form="add-member-form" disabled={busy || !email}>
            {t('members.addSubmit')}
          </Button>
        </>
      }
    >
      <form id="add-member-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {failed && <Alert kind="error">{t('errors.addMembers')}</Alert>}
        <TextField
          label={t('members.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          required
          autoFocus
        />
        <SelectField label={t('members.role')} value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`common:roles.${r}`)}
            </option>
          ))}
        </SelectField>
        <p className="text-xs text-slate-500">{t('members.addHint')}</p>
      </form>
    </Modal>
  );
}
