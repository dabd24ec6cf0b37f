import { contract } from '@oppslag/common/contract/index.ts';
import { resetPasswordSchema } from '@oppslag/common/schemas/auth.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/typed-client';
import { AuthLayout } from '../../components/auth-layout';
import { Button } from '../../components/button';
import { Alert } from '../../components/card';
import { TextField } from '../../components/field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { NAMED_ROUTES } from '../../routes/paths';

export default function ResetRequestPage() {
  const { t } = useTranslation('auth');
  const form = useSchemaForm(resetPasswordSchema, { defaultValues: { email: '' } });
  const email = form.watch('email');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle');

  const submit = form.handleSubmit(async (values) => {
    if (state === 'sending') return;
    setState('sending');
    try {
      await call(contract.auth.resetPassword, { body: { email: values.email } });
      setState('sent');
    } catch {
      setState('error');
    }
  });

  return (
    <AuthLayout title={t('reset.title')}>
      {state === 'sent' ? (
        <div className="flex flex-col gap-4">
          <Alert kind="success">{t('reset.sent')}</Alert>
          <Link to={NAMED_ROUTES['auth--login']} className="text-sm font-medium text-primary-700 underline">
            {t('logout.backToLogin')}
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <p className="text-sm text-slate-600">{t('reset.intro')}</p>
          {state === 'error' && <Alert kind="error">{t('reset.requestFailed')}</Alert>}
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            {...form.field('email')}
            required
            autoFocus
          />
          <Button type="submit" disabled={state === 'sending' || !email}>
            {t('reset.submit')}
          </Button>
          <Link to={NAMED_ROUTES['auth--login']} className="text-sm text-primary-700 underline">
            {t('logout.backToLogin')}
          </Link>
        </form>
      )}
    </AuthLayout>
  );
}
