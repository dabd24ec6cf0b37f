import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from './api-error';

export interface ErrorMessages {
  /** The line above or below the form: what failed and why, in the user's language. */
  formMessage: string;
  /** Translated reason per field path (`password`, `0.email`): shown next to that field. */
  fieldMessages: Record<string, string>;
}

/**
 * What a form shows for a failed call; the one place that turns error and field codes into words
 * (`errors` namespace). `failed` is the form's own sentence from the spec's catalogue ("Failed to
 * create entity."); `shown` lists the field paths the form displays: a refused field the form does
 * not show is told in the form message, so no reason is dropped.
 */
export function errorMessages(
  err: unknown,
  t: TFunction,
  opts: { failed?: string; shown?: readonly string[] } = {},
): ErrorMessages {
  const { failed } = opts;
  const withFailed = (reason: string) =>
    failed ? `${failed}${/[.!?…]$/.test(failed) ? '' : '.'} ${reason}` : reason;
  if (err instanceof NetworkError) return { formMessage: withFailed(t('errors:network')), fieldMessages: {} };
  if (!(err instanceof ApiError))
    return { formMessage: opts.failed ?? t('errors:unknown'), fieldMessages: {} };
  const fieldMessages: Record<string, string> = {};
  const unshown: string[] = [];
  for (const field of err.fields) {
    const text = t(`errors:fields.${field.code}`, { ...field.params });
    if (!opts.shown || opts.shown.includes(field.path)) fieldMessages[field.path] ??= text;
    else unshown.push(`${field.path}: ${text}`);
  }
  const reason = unshown.length ? unshown.join(' ') : t(`errors:codes.${err.code}`);
  return { formMessage: withFailed(reason), fieldMessages };
}
