interface DbErrorLike {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

/**
 * True when `err` (or an error it wraps: Drizzle wraps driver errors in `cause`) is a unique
 * violation of the named index. Works for node-postgres and PGlite, which both carry SQLSTATE 23505;
 * PGlite does not always fill `constraint`, so the index name in the message also counts.
 */
export function isUniqueViolation(err: unknown, indexName: string): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as DbErrorLike;
    if (e.code === '23505' && (e.constraint === indexName || e.message?.includes(indexName))) return true;
    current = e.cause;
  }
  return false;
}
