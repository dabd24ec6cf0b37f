import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_DETAIL_FIELDS, userDetailsFormSchema } from '../../api/users.api';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/field';
import { FormResult } from '../../components/form-result';
import { useSchemaForm } from '../../lib/use-schema-form';
import { saveOwnAccount, useProfile } from '../../state/profile';
import { tokenUserAtom } from '../../state/session';
import { PhoneConfirm } from './phone-confirm';

/** Profile: name, email and phone number of the signed-in user (a new e-mail asks for the password). */
export function ProfileCard() {
  const { t } = useTranslation('settings');
  const user = useAtomValue(tokenUserAtom);
  const profile = useProfile();
  const form = useSchemaForm(userDetailsFormSchema, {
    defaultValues: { name: '', email: '', phoneNumber: '', currentPassword: '' },
  });
  const savedEmail = profile?.email ?? user?.email ?? '';
  // A new address takes the password: with it comes the reset flow (the API insists too).
  const emailChanged = (form.watch('email') ?? '').trim().toLowerCase() !== savedEmail.toLowerCase();
  const { reset } = form;

  useEffect(() => {
    reset({
      name: profile?.name ?? user?.name ?? '',
      email: profile?.email ?? user?.email ?? '',
      phoneNumber: profile?.phoneNumber ?? '',
      currentPassword: '',
    });
  }, [profile, user, reset]);

  const submit = form.onSubmit(
    async ({ currentPassword, ...values }) => {
      if (!user) return false;
      const updated = await saveOwnAccount(values, emailChanged ? currentPassword : undefined);
      form.resetField('currentPassword', { defaultValue: '' });
      return updated;
    },
    {
      success: t('profile.success'),
      error: t('profile.error'),
      shown: [...USER_DETAIL_FIELDS, 'currentPassword'],
    },
  );

  return (
    <Card title={t('profile.title')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="profile-form">
        <TextField label={t('profile.name')} {...form.field('name')} autoComplete="name" />
        <TextField
          label={t('profile.email')}
          type="email"
          {...form.field('email')}
          autoComplete="email"
          required
        />
        {emailChanged && (
          <TextField
            label={t('profile.currentPassword')}
            type="password"
            {...form.field('currentPassword')}
            hint={t('profile.currentPasswordHint')}
            autoComplete="current-password"
            required
          />
        )}
        <TextField
          label={t('profile.phoneNumber')}
          type="tel"
          {...form.field('phoneNumber')}
          hint={t('profile.phoneHint')}
          autoComplete="tel"
        />
        <FormResult state={form.result} />
        <div className="flex justify-end">
          <Button type="submit" disabled={form.result.submitting}>
            {t('common:actions.save')}
          </Button>
        </div>
      </form>
      {profile && <PhoneConfirm profile={profile} />}
    </Card>
  );
}
