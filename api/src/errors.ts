import {
  ERROR_STATUS,
  type ErrorCode,
  type ErrorStatus,
  type FieldError,
  type FieldErrorCode,
  fieldErrorsOf,
} from '@oppslag/common';
import type { z } from 'zod';

// The issue → field error rule lives in common: the console's forms check with the same words.
export { fieldErrorsOf };

export interface AppErrorExtra {
  /** Fields the error concerns; the console shows each next to its field. */
  fields?: FieldError[];
  /** Anything else a client may use (retryAfter, the entity a membership is inherited from). */
  details?: unknown;
}

/**
 * An error the API answers with as `{ error: { code, message, fields?, details? } }` (common's
 * errorBodySchema). Its status is the code's, from common's ERROR_STATUS: a throw site names what
 * went wrong, never a number, so one code always answers with one status.
 */
export class AppError extends Error {
  readonly status: ErrorStatus;
  readonly fields?: FieldError[];
  readonly details?: unknown;
  constructor(
    readonly code: ErrorCode,
    message: string,
    extra: AppErrorExtra = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    this.fields = extra.fields;
    this.details = extra.details;
  }
}

/** One refused field; `message` defaults to the error's own message. */
export interface FieldRef {
  path: string;
  code: FieldErrorCode;
  params?: Record<string, string | number>;
}

const fieldOf = (ref: FieldRef, message: string): FieldError => ({ ...ref, message });

/** An error about one field of the request (`code` from its schema or service), shown next to that field. */
export const fieldError = (code: ErrorCode, message: string, field?: FieldRef) =>
  new AppError(code, message, field ? { fields: [fieldOf(field, message)] } : {});
export const badRequest = (message: string, extra?: AppErrorExtra) =>
  new AppError('validation_failed', message, extra);
/** 400 validation_failed about one field of the request: what a form shows next to that field. */
export const invalidField = (field: FieldRef, message: string) =>
  fieldError('validation_failed', message, field);
export const unauthorized = (message = 'Authentication required') => new AppError('unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this', field?: FieldRef) =>
  fieldError('forbidden', message, field);
export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);

/**
 * Validates input with a zod schema. Every issue becomes a field error (path, code, message); the
 * first issue's message (spec wording) is the error's message.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = result.error.issues.flatMap((issue) => fieldErrorsOf(issue, input));
  const first = fields[0];
  throw badRequest(first?.message || `Invalid value at ${first?.path ?? 'input'}`, { fields });
}
