/**
 * Splits an SMS into its code word and text: the first word decides the entity (compared
 * case-insensitively after Unicode NFKC normalization, so full-width or composed letters from a
 * phone keyboard still match), the rest is the note.
 */
export function splitCodeWord(text: string): { codeWord: string; rest: string } {
  const normalized = text.normalize('NFKC').trim();
  const match = /^(\S+)\s*([\s\S]*)$/u.exec(normalized);
  if (!match) return { codeWord: '', rest: '' };
  return { codeWord: match[1].toLowerCase(), rest: match[2].trim() };
}
