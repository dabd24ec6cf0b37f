/**
 * Whether a value is one of a closed list of names (a select's value, a cookie, a setting): the
 * type guard that replaces `value as Name` where text from outside meets a union of literals.
 */
export function isOneOf<const T extends string>(names: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && names.some((name) => name === value);
}
