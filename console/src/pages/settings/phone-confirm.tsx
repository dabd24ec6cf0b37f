import { contract } from '@oppslag/common/contract/index.ts';
import { verifyPhoneSchema } from '@oppslag/common/schemas/user.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/typed-client';
import type { User } from '../../api/users.api';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { FormResult } from '../../components/form-result';
import { useSchemaForm } from '../../lib/use-schema-form';
import { storeProfile } from '../../state/profile';

/**
 * The state of the member's phone number and, while it is unconfirmed, the code asked for (issue
 * 28 item 5): only a confirmed number answers JA/NEI, auto-approves and gets member SMS. The code
 * was sent by SMS when the number was saved; a new one can be asked for (the old one ends).
 */
export function PhoneConfirm({ profile }: { profile: User }) {
  const { t } = useTranslation('settings');
  const [resent, setResent] = useState(false);
  const form = useSchemaForm(verifyPhoneSchema, { defaultValues: { code: '' } });
  if (!profile.phoneNumber) return null;
  if (profile.phoneVerified)
    return (
      <p className="text-sm text-green-800" data-testid="phone-verified">
        {t('profile.phoneVerified')}
      </p>
    );

  const submit = form.onSubmit(
    async ({ code }) => {
      const { user } = await call(contract.account.verifyPhone, { body: { code } });
      storeProfile(user);
      return true;
    },
    { success: t('profile.phoneVerified'), error: () => t('profile.phoneConfirmFailed'), shown: ['code'] },
  );
  const resend = async () => {
    await call(contract.account.sendPhoneCode, {});
    setResent(true);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-4 flex flex-col gap-3 rounded-md bg-amber-50 px-3 py-3 text-sm text-amber-900"
      data-testid="phone-confirm"
    >
      <p role="status">{t('profile.phoneUnverified')}</p>
      <TextField
        label={t('profile.phoneCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        {...form.field('code')}
      />
      <FormResult state={form.result} />
      {resent && <p>{t('profile.phoneCodeSent')}</p>}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={resend}>
          {t('profile.phoneResend')}
        </Button>
        <Button type="submit" disabled={form.result.submitting}>
          {t('profile.phoneConfirm')}
        </Button>
      </div>
    </form>
  );
}
