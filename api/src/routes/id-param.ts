import { notFound } from '../errors';

/**
 * A numeric path id. Ids are positive 32-bit integers; anything else (negative, huge, not a number)
 * names an object that cannot exist, so it answers 404 like any other missing object.
 */
export function idParam(value: string | undefined, what: string): number {
  const text = value ?? '';
  const id = Number(text);
  if (!/^\d{1,10}$/.test(text) || id <= 0 || id > 2147483647) throw notFound(what);
  return id;
}
