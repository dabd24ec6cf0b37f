/**
 * True when `err` (or an error it wraps: Drizzle wraps driver errors in `cause`) is a unique
 * violation of the named index. Works for node-postgres and PGlite, which both carry SQLSTATE 23505;
 * PGlite does not always fill `constraint`, so the index name in the message also counts.
 */
export declare function isUniqueViolation(err: unknown, indexName: string): boolean;
