import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error';
import { type ErrorMessages, errorMessages } from '../../api/error-messages';

/**
 * What the reset-confirm page does with a refusal. Only the link itself (an unknown, used, expired
 * or cut-off token) gets the bad-link page of spec §2; a refused password is told by its field, and
 * anything else above the form, so the user can fix it and submit again.
 */
export function resetConfirmFailure(
  err: unknown,
  t: TFunction,
): { badLink: true } | ({ badLink: false } & ErrorMessages) {
  if (
    err instanceof ApiError &&
    (err.code === 'reset_token_invalid' || err.fields.some((f) => f.path === 'token'))
  )
    return { badLink: true };
  return {
    badLink: false,
    ...errorMessages(err, t, { failed: t('auth:resetConfirm.failed'), shown: ['newPassword'] }),
  };
}
