/**
 * Text PostgreSQL cannot store: NUL (not allowed in `text` or in `jsonb` strings, the insert fails)
 * and lone UTF-16 surrogates (not Unicode text; a JSON body can carry them as `\ud800`). `\p{Cs}`
 * with the `u` flag matches only unpaired surrogates, since a pair reads as one code point.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
const UNSTORABLE = /\u0000|\p{Cs}/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
const UNSTORABLE_ALL = /\u0000|\p{Cs}/gu;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** The text with NUL removed and lone surrogates replaced by U+FFFD (for input we must keep, e.g. SMS). */
export const storableText = (text: string): string =>
  text.replace(UNSTORABLE_ALL, (c) => (c === '\u0000' ? '' : '\uFFFD'));

/** `storableText` applied to every string (and key) of a JSON value. */
export function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableJson(v)]));
  return value;
}

/** The path of the first string (or key) in a JSON value that cannot be stored, or null. */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = findUnstorableText(v, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
