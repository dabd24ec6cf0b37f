import { contract } from '@oppslag/common/contract/index.ts';
import { installSchema } from '@oppslag/common/schemas/auth.ts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { errorMessages } from '../../api/error-messages';
import { call } from '../../api/typed-client';
import { AuthLayout } from '../../components/auth-layout';
import { Button } from '../../components/button';
import { Alert } from '../../components/card';
import { TextField } from '../../components/field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { installStatusAtom, setToken } from '../../state/session';
import { showSnackbar } from '../../state/snackbar';
import { store } from '../../state/store';

export default function InstallPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const status = useAtomValue(installStatusAtom);
  const form = useSchemaForm(installSchema, {
    defaultValues: { adminEmail: '', adminPassword: '', rootEntity: '', installToken: '' },
  });
  const [adminEmail, adminPassword, rootEntity] = form.watch(['adminEmail', 'adminPassword', 'rootEntity']);
  const [failed, setFailed] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'submitting' | 'error' | 'notConfigured'>('idle');

  if (status === 'online' && state !== 'submitting') return <Navigate to="/" replace />;

  // The install schema trims and lowercases the address and checks the password and root name.
  const submit = form.handleSubmit(async (values) => {
    if (state === 'submitting') return;
    setState('submitting');
    try {
      // The install token is only asked for from another machine; an empty field sends none.
      const result = await call(contract.install.install, {
        body: { ...values, installToken: values.installToken || undefined },
      });
      // After install the API is marked installed and the browser goes to / (spec §4). The installer
      // is signed in with what they just typed and lands on their new organization, told it worked,
      // instead of on a login form with no word of success.
      store.set(installStatusAtom, 'online');
      try {
        const login = { email: values.adminEmail, password: values.adminPassword };
        setToken((await call(contract.auth.login, { body: login })).token);
      } catch {
        // Signing in can still be done by hand; the install itself succeeded.
      }
      const org = result.organization;
      showSnackbar('success', t('install.done', { name: org?.name ?? result.rootEntity.name }), 8000);
      navigate(org ? `/entities/${org.id}` : '/', { replace: true });
    } catch (err) {
      const { formMessage, fieldMessages } = errorMessages(err, t, {
        failed: t('install.failed'),
        shown: ['adminEmail', 'adminPassword', 'rootEntity', 'installToken'],
      });
      form.showServerFields(fieldMessages);
      setFailed(formMessage);
      setState(err instanceof ApiError && err.status >= 500 ? 'notConfigured' : 'error');
    }
  });

  return (
    <AuthLayout title={t('install.title')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-slate-600">{t('install.intro')}</p>
        {state === 'notConfigured' && <Alert kind="warning">{t('install.notConfigured')}</Alert>}
        {state === 'error' && failed && <Alert kind="error">{failed}</Alert>}
        <TextField
          label={t('install.adminEmail')}
          type="email"
          autoComplete="username"
          {...form.field('adminEmail')}
          required
          autoFocus
        />
        <TextField
          label={t('install.adminPassword')}
          type="password"
          autoComplete="new-password"
          {...form.field('adminPassword')}
          required
        />
        <TextField
          label={t('install.rootEntity')}
          {...form.field('rootEntity')}
          hint={t('install.rootEntityHint')}
          required
        />
        <TextField
          label={t('install.installToken')}
          autoComplete="off"
          spellCheck={false}
          {...form.field('installToken')}
          hint={t('install.installTokenHint')}
        />
        <Button
          type="submit"
          disabled={state === 'submitting' || !adminEmail || !adminPassword || !rootEntity}
        >
          {t('install.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
