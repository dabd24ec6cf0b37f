import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth.api';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/field';
import { FormResult } from '../../components/form-result';
import { useFormState } from '../../lib/use-form-state';
import { setToken } from '../../state/session';
import { validatePasswordChange } from './password.validation';

/** Change password: current, new and confirmation; the two new ones must match. */
export function PasswordCard() {
  const { t } = useTranslation('settings');
  const [values, setValues] = useState({ password: '', newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useFormState();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])));
    if (Object.keys(found).length) return;
    void form.submit(
      async () => {
        // Other sessions end with the change; the answer's fresh token keeps this one signed in.
        const { token } = await authApi.changePassword(values);
        setToken(token);
        setValues({ password: '', newPassword: '', confirmNewPassword: '' });
        return true;
      },
      // The spec's sentence already names the likely cause; the field says which one was refused.
      { success: t('password.success'), error: () => t('password.error') },
    );
  };

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues({ ...values, [key]: e.target.value });

  return (
    <Card title={t('password.title')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="password-form">
        <TextField
          label={t('password.current')}
          type="password"
          value={values.password}
          onChange={set('password')}
          error={errors.password ?? form.fields.password}
          autoComplete="current-password"
          required
        />
        <TextField
          label={t('password.new')}
          type="password"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword ?? form.fields.newPassword}
          autoComplete="new-password"
          required
        />
        <TextField
          label={t('password.confirm')}
          type="password"
          value={values.confirmNewPassword}
          onChange={set('confirmNewPassword')}
          error={errors.confirmNewPassword ?? form.fields.confirmNewPassword}
          autoComplete="new-password"
          required
        />
        <FormResult state={form} />
        <div className="flex justify-end">
          <Button type="submit" disabled={form.submitting}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
