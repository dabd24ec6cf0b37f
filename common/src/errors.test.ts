import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorBodySchema, FIELD_ERROR_CODES } from './errors';

describe('error model', () => {
  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(new Set(FIELD_ERROR_CODES).size).toBe(FIELD_ERROR_CODES.length);
  });

  it('accepts the agreed wire shape with fields, params and details', () => {
    const body = {
      error: {
        code: 'validation_failed',
        message: 'Password has to be at least 8 characters long',
        fields: [
          {
            path: 'newPassword',
            code: 'too_short',
            message: 'Password has to be at least 8 characters long',
            params: { minimum: 8 },
          },
        ],
        details: { anything: true },
      },
    };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(
      errorBodySchema.safeParse({ error: { code: 'not_found', message: 'Entity not found' } }).success,
    ).toBe(true);
  });

  it('refuses codes outside the closed lists and the old details.issues-only shape is no field list', () => {
    const base = { code: 'validation_failed', message: 'x' };
    expect(errorBodySchema.safeParse({ error: { ...base, code: 'http_error' } }).success).toBe(false);
    const badField = { path: 'a', code: 'too_shrt', message: 'x' };
    expect(errorBodySchema.safeParse({ error: { ...base, fields: [badField] } }).success).toBe(false);
    const missingPath = { code: 'required', message: 'x' };
    expect(errorBodySchema.safeParse({ error: { ...base, fields: [missingPath] } }).success).toBe(false);
  });
});
