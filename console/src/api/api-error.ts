import { type ErrorCode, errorBodySchema, type FieldError } from '@oppslag/common/errors.ts';

/**
 * A non-expected answer from the API: the HTTP status, the stable error code and the refused
 * fields of the body (common's errorBodySchema). Recognize it by `code`, never by `message`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields: FieldError[] = [],
    readonly details?: unknown,
    /** The request's id (body, else the `X-Request-Id` header): the reference a user reports. */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server could not be reached at all (offline, DNS, connection refused). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network error', { cause });
    this.name = 'NetworkError';
  }
}

/** The code for an answer without an API error body (a proxy's error page, an old server). */
function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'validation_failed';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status === 502 || status === 503 || status === 504) return 'service_unavailable';
  return 'internal_error';
}

/**
 * Reads a failed answer's parsed JSON body (any other body counts as none) into an ApiError; the
 * request id comes from the body, else from the answer's `X-Request-Id` header (`headerRequestId`).
 */
export function apiErrorOf(
  status: number,
  body: unknown,
  statusText = '',
  headerRequestId?: string | null,
): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  const fallbackId = headerRequestId ?? undefined;
  if (!parsed.success)
    return new ApiError(
      status,
      codeForStatus(status),
      statusText || `HTTP ${status}`,
      [],
      undefined,
      fallbackId,
    );
  const { code, message, fields, details, requestId } = parsed.data.error;
  return new ApiError(status, code, message, fields, details, requestId ?? fallbackId);
}
