import type { z } from 'zod';
import { FIELD_ERROR_CODES, type FieldError, type FieldErrorCode } from './errors';

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

/** A field the user left empty: nothing, blank text, an emptied number input (NaN), no choice. */
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (typeof value === 'number' && Number.isNaN(value)) ||
  (Array.isArray(value) && value.length === 0);

/**
 * zod issue → field errors, the one rule for both sides: the API answers a refused body with these
 * (api/src/errors.ts `parse`), and the console's forms check the same schemas before sending and
 * show the same field codes in the user's language. Each keeps the issue's own message (the
 * spec's English wording) with a stable field code and the numbers a message needs.
 */
export function fieldErrorsOf(issue: z.core.$ZodIssue, input: unknown): FieldError[] {
  const path = joinPath(issue.path);
  const one = (code: FieldErrorCode, params?: FieldError['params']): FieldError[] => [
    { path, code, message: issue.message, ...(params ? { params } : {}) },
  ];
  // An emptied field is "required", whatever the validator checked on it (type, format, allowed
  // values, length): the user left it empty, and says so in their words ("Skriv inn et navn").
  const ownCode = issue.code === 'custom' && typeof issue.params?.fieldCode === 'string';
  if (!ownCode && issue.code !== 'unrecognized_keys' && isEmpty(valueAt(input, issue.path)))
    return one('required');
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
