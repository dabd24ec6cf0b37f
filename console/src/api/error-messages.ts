import type { FieldError } from '@oppslag/common/errors.ts';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from './api-error';

/**
 * A form's own sentence for some refusals of its fields, by field path and field code, as i18n
 * keys (the spec's catalogue words: "Navnet på enheten må være minst 3 tegn langt"). Every other
 * refusal reads the generic `errors:fields.<code>`. Texts only: the rules stay in the schemas.
 */
export type FieldTexts = Record<string, Partial<Record<FieldError['code'], string>>>;

/** The words for one refused field, whether the browser or the server refused it. */
export function fieldMessage(
  field: Pick<FieldError, 'path' | 'code' | 'params'>,
  t: TFunction,
  texts?: FieldTexts,
) {
  const own = texts?.[field.path]?.[field.code];
  // The field's own words for the refusal (`errors:byField.name.required`: "Skriv inn et navn"),
  // by the last segment of its path, else the code's general words.
  const leaf = field.path.split('.').pop() ?? '';
  const keys = [`errors:byField.${leaf}.${field.code}`, `errors:fields.${field.code}`];
  return t(own ? [own, ...keys] : keys, { ...field.params });
}

/**
 * A server failure (5xx) names its request id ("Feilreferanse: abc123"), which the server's log
 * lines for that request carry: what a user reads out to whoever looks into it. A refusal (4xx)
 * explains itself and gets none.
 */
function withReference(text: string, err: ApiError, t: TFunction): string {
  return err.status >= 500 && err.requestId
    ? `${text} ${t('errors:reference', { id: err.requestId })}`
    : text;
}

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
  opts: { failed?: string; shown?: readonly string[]; texts?: FieldTexts } = {},
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
    const text = fieldMessage(field, t, opts.texts);
    if (!opts.shown || opts.shown.includes(field.path)) fieldMessages[field.path] ??= text;
    else unshown.push(`${field.path}: ${text}`);
  }
  const reason = unshown.length ? unshown.join(' ') : t(`errors:codes.${err.code}`);
  return { formMessage: withReference(withFailed(reason), err, t), fieldMessages };
}
