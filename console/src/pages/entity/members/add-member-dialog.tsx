import { ROLES, type Role } from '@oppslag/common/constants.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entitiesApi } from '../../../api/entities.api';
import { errorMessages } from '../../../api/error-messages';
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
  const [roleError, setRoleError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setEmail('');
      setRole('moderator');
      setError(null);
      setRoleError(null);
      setFailed(null);
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
    setFailed(null);
    setRoleError(null);
    try {
      await entitiesApi.addMembers(entityId, [{ email: email.trim(), role }]);
      await loadMembers(entityId);
      onClose();
    } catch (err) {
      // The body is a list of one (email, role): the API reports its fields as 0.email and 0.role.
      const { formMessage, fieldMessages } = errorMessages(err, t, {
        failed: t('errors.addMembers'),
        shown: ['0.email', '0.role'],
      });
      setError(fieldMessages['0.email'] ?? null);
      setRoleError(fieldMessages['0.role'] ?? null);
      setFailed(formMessage);
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
        {failed && <Alert kind="error">{failed}</Alert>}
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
        {roleError && <p className="text-sm text-red-700">{roleError}</p>}
        <p className="text-xs text-slate-500">{t('members.addHint')}</p>
      </form>
    </Modal>
  );
}
