import { contract } from '@oppslag/common/contract/index.ts';
import { loginSchema } from '@oppslag/common/schemas/auth.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { call } from '../../api/typed-client';
import { AuthLayout, SupportContact } from '../../components/auth-layout';
import { Button } from '../../components/button';
import { Alert } from '../../components/card';
import { TextField } from '../../components/field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { NAMED_ROUTES, safeReturnPath } from '../../routes/paths';
import { setToken } from '../../state/session';

/** Login form states of spec §4. */
type LoginState = 'loaded' | 'submitting' | 'loggedIn' | 'invalidCredentials' | 'error';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useSchemaForm(loginSchema, { defaultValues: { email: '', password: '' } });
  const [email, password] = form.watch(['email', 'password']);
  const [state, setState] = useState<LoginState>('loaded');
  const [rateLimited, setRateLimited] = useState(false);
  const submitting = useRef(false);

  // The e-mail is checked (and trimmed) by the API's own login schema before anything is sent.
  const submit = form.handleSubmit(async (values) => {
    if (submitting.current) return; // a second submit while submitting is ignored
    submitting.current = true;
    setState('submitting');
    try {
      const { token } = await call(contract.auth.login, {
        body: { email: values.email, password: values.password },
      });
      setToken(token);
      setState('loggedIn');
      navigate(safeReturnPath(params.get('return')), { replace: true });
    } catch (err) {
      setRateLimited(err instanceof ApiError && err.status === 429);
      setState(err instanceof ApiError && err.status === 401 ? 'invalidCredentials' : 'error');
    } finally {
      submitting.current = false;
    }
  });

  return (
    <AuthLayout title={t('login.title')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {state === 'invalidCredentials' && <Alert kind="error">{t('login.invalidCredentials')}</Alert>}
        {state === 'error' && (
          <Alert kind="error">
            <strong className="block">{t('login.errorOccured')}</strong>
            {rateLimited ? t('login.rateLimited') : t('login.unknownError')}
          </Alert>
        )}
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          {...form.field('email')}
          required
          autoFocus
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
          required
        />
        <Button type="submit" disabled={state === 'submitting' || !email || !password}>
          {state === 'submitting' ? t('login.submitting') : t('login.submit')}
        </Button>
        <Link to={NAMED_ROUTES['auth--reset-password']} className="text-sm text-primary-700 underline">
          {t('login.forgotPassword')}
        </Link>
        <SupportContact />
      </form>
    </AuthLayout>
  );
}
