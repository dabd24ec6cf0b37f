/**
 * What was thrown, read without trusting its type: `catch (err)` gives unknown, and a library may
 * throw a string or a plain object. One place reads the message and a Node system error's code,
 * so no call site casts `err as Error`.
 */

/** An Error's message; anything else as text. */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** A Node system error's code (ENOENT, EEXIST, EPERM), or undefined for anything else. */
export const errnoOf = (err: unknown): string | undefined =>
  err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : undefined;

/** An Error as it is; anything else wrapped in one (its text as the message). */
export const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));
