import { contract } from '@oppslag/common/contract/index.ts';
import { changePasswordSchema } from '@oppslag/common/schemas/auth.ts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import type { FieldTexts } from '../../api/error-messages';
import { call } from '../../api/typed-client';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/field';
import { FormResult } from '../../components/form-result';
import { useSchemaForm } from '../../lib/use-schema-form';
import { setToken } from '../../state/session';

/** The spec's §5 sentences for the password fields; the limits are the schema's. */
const TEXTS: FieldTexts = {
  password: { required: 'settings:password.required' },
  newPassword: {
    required: 'settings:password.required',
    too_short: 'settings:password.tooShort',
    too_long: 'settings:password.tooLong',
  },
  confirmNewPassword: { required: 'settings:password.required', mismatch: 'settings:password.mismatch' },
};
const EMPTY = { password: '', newPassword: '', confirmNewPassword: '' };

/** Change password: current, new and confirmation; the two new ones must match. */
export function PasswordCard() {
  const { t } = useTranslation('settings');
  const form = useSchemaForm(changePasswordSchema, { defaultValues: EMPTY, texts: TEXTS });

  const submit = form.onSubmit(
    async (values) => {
      // Other sessions end with the change; the answer's fresh token keeps this one signed in.
      const { token } = await call(contract.account.changePassword, { body: values });
      setToken(token);
      form.reset(EMPTY);
      return true;
    },
    // The spec's sentence already names the likely cause; the field says which one was refused.
    // Only a refused current password is blamed on it; anything else fails without that guess.
    {
      success: t('password.success'),
      error: (e) =>
        t(e instanceof ApiError && e.code === 'wrong_password' ? 'password.error' : 'password.failed'),
    },
  );

  return (
    <Card title={t('password.title')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="password-form">
        <TextField
          label={t('password.current')}
          type="password"
          {...form.field('password')}
          autoComplete="current-password"
          required
        />
        <TextField
          label={t('password.new')}
          type="password"
          {...form.field('newPassword')}
          autoComplete="new-password"
          required
        />
        <TextField
          label={t('password.confirm')}
          type="password"
          {...form.field('confirmNewPassword')}
          autoComplete="new-password"
          required
        />
        <FormResult state={form.result} />
        <div className="flex justify-end">
          <Button type="submit" disabled={form.result.submitting}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
