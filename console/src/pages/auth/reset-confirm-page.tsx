import { contract } from '@oppslag/common/contract/index.ts';
import { resetPasswordConfirmSchema } from '@oppslag/common/schemas/auth.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { call } from '../../api/typed-client';
import { AuthLayout, SupportContact } from '../../components/auth-layout';
import { Button } from '../../components/button';
import { Alert } from '../../components/card';
import { TextField } from '../../components/field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { NAMED_ROUTES } from '../../routes/paths';
import { logout } from '../../state/logout';
import { resetConfirmFailure } from './reset-confirm.logic';

/** The new password, by the API's own rule for it. */
const newPasswordSchema = resetPasswordConfirmSchema.pick({ newPassword: true });

export default function ResetConfirmPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { resetPasswordConfirmToken = '' } = useParams();
  const form = useSchemaForm(newPasswordSchema, { defaultValues: { newPassword: '' } });
  const password = form.watch('newPassword');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle');
  const [formError, setFormError] = useState<string | null>(null);

  // A password reset logs out first, without a redirect (spec §4).
  useEffect(() => logout(), []);

  const submit = form.handleSubmit(async ({ newPassword }) => {
    if (state === 'sending') return;
    setState('sending');
    setFormError(null);
    try {
      await call(contract.auth.resetPasswordConfirm, {
        body: { token: resetPasswordConfirmToken, newPassword },
      });
      setState('sent');
    } catch (err) {
      const failure = resetConfirmFailure(err, t);
      if (failure.badLink) return setState('error');
      form.showServerFields(failure.fieldMessages);
      setFormError(failure.fieldMessages.newPassword ? null : failure.formMessage);
      setState('idle');
    }
  });

  if (state === 'sent')
    return (
      <AuthLayout title={t('resetConfirm.title')}>
        <div className="flex flex-col gap-4">
          <Alert kind="success">{t('resetConfirm.success')}</Alert>
          <Link to={NAMED_ROUTES['auth--login']} className="text-sm font-medium text-primary-700 underline">
            {t('logout.backToLogin')}
          </Link>
        </div>
      </AuthLayout>
    );

  if (state === 'error')
    return (
      <AuthLayout title={t('resetConfirm.title')}>
        <div className="flex flex-col gap-4">
          <Alert kind="error">
            <strong className="block">{t('resetConfirm.failed')}</strong>
            {t('resetConfirm.wrongLink')}
          </Alert>
          <Link
            to={NAMED_ROUTES['auth--reset-password']}
            className="text-sm font-medium text-primary-700 underline"
          >
            {t('resetConfirm.retry')}
          </Link>
          <SupportContact />
        </div>
      </AuthLayout>
    );

  return (
    <AuthLayout title={t('resetConfirm.title')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {formError && <Alert kind="error">{formError}</Alert>}
        <TextField
          label={t('resetConfirm.newPassword')}
          type="password"
          autoComplete="new-password"
          {...form.field('newPassword')}
          required
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => navigate(NAMED_ROUTES['auth--login'])}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={state === 'sending' || !password}>
            {t('resetConfirm.submit')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
