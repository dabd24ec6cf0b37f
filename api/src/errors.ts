import type { ErrorCode } from '@oppslag/common';
import type { z } from 'zod';

/** An error the API answers with as `{ error: { code, message, details } }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'validation_failed', message, details);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, 'forbidden', message);
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);

/** Validates input with a zod schema; the first issue's message (spec wording) becomes the error message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: i.path.join('.'),
    message: i.message,
    code: i.code,
  }));
  const first = issues[0];
  const message =
    first.code === 'unrecognized_keys' ? first.message : first.message || `Invalid value at ${first.path}`;
  throw badRequest(message, { issues });
}
