/**
 * The rows of a raw `execute`: node-postgres and PGlite both answer `{ rows }` (an array on some
 * paths), and the driver-generic `Db` types the answer as unknown. One place reads it for both.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result;
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows;
  }
  return [];
}
