import { type ErrorCode, type FieldError, type FieldErrorCode } from '@oppslag/common';
import type { z } from 'zod';
export interface AppErrorExtra {
  /** Fields the error concerns; the console shows each next to its field. */
  fields?: FieldError[];
  /** Anything else a client may use (retryAfter, the entity a membership is inherited from). */
  details?: unknown;
}
/** An error the API answers with as `{ error: { code, message, fields?, details? } }` (common's errorBodySchema). */
export declare class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields?: FieldError[];
  readonly details?: unknown;
  constructor(status: number, code: ErrorCode, message: string, extra?: AppErrorExtra);
}
/** One refused field; `message` defaults to the error's own message. */
export interface FieldRef {
  path: string;
  code: FieldErrorCode;
  params?: Record<string, string | number>;
}
export declare const badRequest: (message: string, extra?: AppErrorExtra) => AppError;
/** 400 validation_failed about one field of the request: what a form shows next to that field. */
export declare const invalidField: (field: FieldRef, message: string) => AppError;
export declare const unauthorized: (message?: string) => AppError;
export declare const forbidden: (message?: string, field?: FieldRef) => AppError;
export declare const notFound: (what?: string) => AppError;
export declare const conflict: (code: ErrorCode, message: string, field?: FieldRef) => AppError;
/** zod issue → field errors: the issue's own message (the spec's wording) with a stable field code. */
export declare function fieldErrorsOf(issue: z.core.$ZodIssue, input: unknown): FieldError[];
/**
 * Validates input with a zod schema. Every issue becomes a field error (path, code, message); the
 * first issue's message (spec wording) is the error's message.
 */
export declare function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S>;
