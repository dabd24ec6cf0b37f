/**
 * A value the code's own bookkeeping guarantees (a map entry it just set, a sequence it reserved,
 * a column the query filtered on `is not null`), checked instead of cast: should the guarantee
 * ever break, the failure names it here instead of an undefined travelling on into a row.
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}
