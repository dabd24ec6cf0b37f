import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveOwnAccount, USER_DETAIL_FIELDS } from '../../api/users.api';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/field';
import { FormResult } from '../../components/form-result';
import { useFormState } from '../../lib/use-form-state';
import { useProfile } from '../../state/profile';
import { tokenUserAtom } from '../../state/session';

/** Profile: name, email and phone number of the signed-in user (a new e-mail asks for the password). */
export function ProfileCard() {
  const { t } = useTranslation('settings');
  const user = useAtomValue(tokenUserAtom);
  const profile = useProfile();
  const [values, setValues] = useState({ name: '', email: '', phoneNumber: '' });
  const [currentPassword, setCurrentPassword] = useState('');
  const savedEmail = profile?.email ?? user?.email ?? '';
  // A new address takes the password: with it comes the reset flow (the API insists too).
  const emailChanged = values.email.trim().toLowerCase() !== savedEmail.toLowerCase();
  const form = useFormState();

  useEffect(() => {
    setValues({
      name: profile?.name ?? user?.name ?? '',
      email: profile?.email ?? user?.email ?? '',
      phoneNumber: profile?.phoneNumber ?? '',
    });
  }, [profile, user]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    void form.submit(
      async () => {
        const updated = await saveOwnAccount(values, emailChanged ? currentPassword : undefined);
        setCurrentPassword('');
        return updated;
      },
      {
        success: t('profile.success'),
        error: t('profile.error'),
        shown: [...USER_DETAIL_FIELDS, 'currentPassword'],
      },
    );
  };

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues({ ...values, [key]: e.target.value });

  return (
    <Card title={t('profile.title')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="profile-form">
        <TextField
          label={t('profile.name')}
          value={values.name}
          onChange={set('name')}
          error={form.fields.name}
          autoComplete="name"
        />
        <TextField
          label={t('profile.email')}
          type="email"
          value={values.email}
          onChange={set('email')}
          error={form.fields.email}
          autoComplete="email"
          required
        />
        {emailChanged && (
          <TextField
            label={t('profile.currentPassword')}
            type="password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            error={form.fields.currentPassword}
            hint={t('profile.currentPasswordHint')}
            autoComplete="current-password"
            required
          />
        )}
        <TextField
          label={t('profile.phoneNumber')}
          type="tel"
          value={values.phoneNumber}
          onChange={set('phoneNumber')}
          error={form.fields.phoneNumber}
          hint={t('profile.phoneHint')}
          autoComplete="tel"
        />
        <FormResult state={form} />
        <div className="flex justify-end">
          <Button type="submit" disabled={form.submitting}>
            {t('common:actions.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
