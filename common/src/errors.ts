/** Stable error codes returned as `error.code` by the API; clients recognize errors by these, never by text. */
export const ERROR_CODES = [
  'validation_failed',
  'malformed_json',
  'unsupported_media_type',
  'payload_too_large',
  'unauthorized',
  'invalid_credentials',
  'token_invalid',
  'forbidden',
  'not_found',
  'conflict',
  'already_installed',
  'not_installed',
  'code_word_taken',
  'sms_notification_limit',
  'cannot_remove_self',
  'inherited_member',
  'invalid_move',
  'entity_has_children',
  'feature_disabled',
  'rate_limited',
  'reset_token_invalid',
  'password_mismatch',
  'wrong_password',
  'unsupported_file',
  'invalid_file',
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}
