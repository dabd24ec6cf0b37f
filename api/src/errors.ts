import { type ErrorCode, FIELD_ERROR_CODES, type FieldError, type FieldErrorCode } from '@oppslag/common';
import type { z } from 'zod';

export interface AppErrorExtra {
  /** Fields the error concerns; the console shows each next to its field. */
  fields?: FieldError[];
  /** Anything else a client may use (retryAfter, the entity a membership is inherited from). */
  details?: unknown;
}

/** An error the API answers with as `{ error: { code, message, fields?, details? } }` (common's errorBodySchema). */
export class AppError extends Error {
  readonly fields?: FieldError[];
  readonly details?: unknown;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    extra: AppErrorExtra = {},
  ) {
    super(message);
    this.name = 'AppError';
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

export const badRequest = (message: string, extra?: AppErrorExtra) =>
  new AppError(400, 'validation_failed', message, extra);
/** 400 validation_failed about one field of the request: what a form shows next to that field. */
export const invalidField = (field: FieldRef, message: string) =>
  badRequest(message, { fields: [fieldOf(field, message)] });
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this', field?: FieldRef) =>
  new AppError(403, 'forbidden', message, field ? { fields: [fieldOf(field, message)] } : {});
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (code: ErrorCode, message: string, field?: FieldRef) =>
  new AppError(409, code, message, field ? { fields: [fieldOf(field, message)] } : {});

const FIELD_CODES: ReadonlySet<string> = new Set(FIELD_ERROR_CODES);

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const joinPath = (path: PropertyKey[]) => path.map(String).join('.');

/** zod issue → field errors: the issue's own message (the spec's wording) with a stable field code. */
export function fieldErrorsOf(issue: z.core.$ZodIssue, input: unknown): FieldError[] {
  const path = joinPath(issue.path);
  const one = (code: FieldErrorCode, params?: FieldError['params']): FieldError[] => [
    { path, code, message: issue.message, ...(params ? { params } : {}) },
  ];
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined
        ? one('required')
        : one('invalid_type', { expected: String(issue.expected) });
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return issue.origin === 'string' && minimum <= 1 ? one('required') : one('too_short', { minimum });
      return one('too_small', { minimum });
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      const long = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set';
      return one(long ? 'too_long' : 'too_large', { maximum });
    }
    case 'invalid_format':
      if (issue.format === 'email') return one('invalid_email');
      if (issue.format === 'datetime' || issue.format === 'date' || issue.format === 'time')
        return one('invalid_date');
      return one('invalid_format');
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        path: joinPath([...issue.path, key]),
        code: 'unknown_field' as const,
        message: issue.message,
      }));
    case 'custom': {
      const code = issue.params?.fieldCode;
      return one(
        typeof code === 'string' && FIELD_CODES.has(code) ? (code as FieldErrorCode) : 'invalid_value',
      );
    }
    default:
      // invalid_value, invalid_union, invalid_key, invalid_element, not_multiple_of
      return one('invalid_value');
  }
}

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
