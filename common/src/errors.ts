import { z } from 'zod';

/**
 * Stable error codes returned as `error.code` by the API; clients recognize errors by these, never
 * by text. The list is closed: the API cannot send a code that is not here (tsc refuses it), and
 * the console has a translation for each (a test checks both languages).
 */
export const ERROR_CODES = [
  'validation_failed',
  'malformed_json',
  'invalid_body',
  'unsupported_media_type',
  'payload_too_large',
  'unauthorized',
  'invalid_credentials',
  /** In production, a correct but published demo password (issue 26): reset the password. */
  'demo_password_refused',
  'token_invalid',
  'forbidden',
  'not_found',
  'conflict',
  'already_installed',
  /** An install from another machine without (or with a wrong) install token (issue 26). */
  'install_token_required',
  'not_installed',
  'code_word_taken',
  'email_taken',
  'sms_notification_limit',
  'cannot_remove_self',
  'inherited_member',
  'invalid_move',
  'entity_has_children',
  'last_admin',
  'feature_disabled',
  'rate_limited',
  'reset_token_invalid',
  'password_mismatch',
  'wrong_password',
  'unsupported_file',
  'invalid_file',
  'upstream_failed',
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The one table of HTTP statuses: every error code is answered with its status here and only here.
 * The API's error type takes its status from this table (no call site picks a number), and the
 * OpenAPI document groups a route's declared codes by it. Keyed by every code, so a new code
 * without a status does not compile.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  malformed_json: 400,
  invalid_body: 400,
  reset_token_invalid: 400,
  password_mismatch: 400,
  wrong_password: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  token_invalid: 401,
  forbidden: 403,
  demo_password_refused: 403,
  install_token_required: 403,
  not_found: 404,
  not_installed: 404,
  conflict: 409,
  already_installed: 409,
  code_word_taken: 409,
  email_taken: 409,
  sms_notification_limit: 409,
  cannot_remove_self: 409,
  inherited_member: 409,
  entity_has_children: 409,
  last_admin: 409,
  feature_disabled: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unsupported_file: 415,
  invalid_file: 422,
  invalid_move: 422,
  rate_limited: 429,
  internal_error: 500,
  upstream_failed: 502,
  service_unavailable: 503,
} as const satisfies Record<ErrorCode, number>;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/**
 * Why one field of a request was refused. Derived from what the schemas in `schemas/` and the
 * services check; `params` carry the numbers a message needs (e.g. `minimum` for `too_short`).
 */
export const FIELD_ERROR_CODES = [
  /** Missing, or an empty text where one is needed. */
  'required',
  /** Wrong JSON type (a number where text belongs, a fraction where a whole number belongs). */
  'invalid_type',
  /** Text or list shorter than `params.minimum`. */
  'too_short',
  /** Text or list longer than `params.maximum`. */
  'too_long',
  /** Number below `params.minimum`. */
  'too_small',
  /** Number above `params.maximum`. */
  'too_large',
  'invalid_format',
  'invalid_email',
  'invalid_date',
  'invalid_phone',
  /** Not one of the accepted values (enums, literals, a parent that cannot have children). */
  'invalid_value',
  /** A field the endpoint does not know. */
  'unknown_field',
  /** Already used elsewhere (e-mail address, code word, transit stop). */
  'taken',
  /** A start date before today. */
  'in_past',
  /** A date more than a year ahead. */
  'too_late',
  'end_before_start',
  /** An end time equal to the start time (an empty window, e.g. quiet hours 23:00–23:00). */
  'same_as_start',
  /** The confirmation differs from the new password. */
  'mismatch',
  'wrong_password',
  /** A password on the list of common or breached passwords (ASVS V6.2.4). */
  'too_common',
  /** A password a guesser tries early: repeats, sequences, keyboard walks, dates (ASVS V6.2). */
  'too_weak',
  /** A password built from the user's e-mail address or an organization's name (ASVS V6.2.11). */
  'personal_info',
  /** A phone confirmation code that is not the one sent (`params.triesLeft`). */
  'wrong_code',
  /** A phone confirmation code past its 15 minutes or its 5 tries: ask for a new one. */
  'code_expired',
  /** The referenced row (owner, asset, parent) does not exist or is not reachable. */
  'not_found',
  /** An id in the body differs from the one in the path. */
  'path_mismatch',
  /** Only a superadmin may set or change this field. */
  'not_allowed',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export const fieldErrorSchema = z.object({
  /** Dot path of the field in the request body or query (`password`, `0.email`). */
  path: z.string(),
  code: z.enum(FIELD_ERROR_CODES),
  /** English text, in the spec's wording where the spec gives one. */
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The body of every failing API answer (ARCHITECTURE.md, fixed interfaces). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
    details: z.unknown().optional(),
    /** The request's id (its `X-Request-Id`), named in the logs' lines for it: a user's error reference. */
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Options for a zod `refine` whose failure has a field code of its own: `parse()` in the API reads
 * `params.fieldCode` from the custom issue.
 */
export const withFieldCode = (fieldCode: FieldErrorCode) => ({ params: { fieldCode } });
