/** A non-expected answer from the API: the HTTP status and the stable error code of the body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
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

/** Field messages of a 400 validation answer, keyed by the first path segment. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const out: Record<string, string> = {};
  for (const issue of error.details as { path?: unknown[]; message?: string }[]) {
    const key = String(issue.path?.[0] ?? '');
    if (key && issue.message && !out[key]) out[key] = issue.message;
  }
  return out;
}
