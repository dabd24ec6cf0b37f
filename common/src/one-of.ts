/**
 * Whether a value is one of a closed list of names (a select's value, a cookie, a setting): the
 * type guard that replaces `value as Name` where text from outside meets a union of literals.
 */
export function isOneOf<const T extends string>(names: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && names.some((name) => name === value);
}

/**
 * A stored name that the writing side already checked (a column the API only fills from a schema,
 * a role in a session's grants), read back as its union without a cast: one that is not in the
 * list means the data drifted, and fails here, naming what it was, instead of leaving as a wrong type.
 */
export function expectOneOf<const T extends string>(names: readonly T[], value: unknown, what: string): T {
  if (!isOneOf(names, value)) throw new Error(`${what} is not one of ${names.join(', ')}: ${String(value)}`);
  return value;
}
