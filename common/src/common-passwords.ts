import { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The one password rule (ASVS 5.0 level 2, V6.2), used by the server's schemas and services and by
 * the console's forms, so both refuse the same passwords with the same reason:
 * - V6.2.4: not one of the common passwords. zxcvbn-ts's `passwords-common` (about 49,000 entries
 *   from breach corpora, where ASVS asks for the top 3,000) plus the Norwegian ones below.
 * - V6.2.11: not built from the context: the user's e-mail address (or its name part) and the
 *   names of the organizations and boards the user belongs to.
 * - No composition rules (V6.2.5): instead, zxcvbn's estimate refuses what a guesser tries first
 *   (`aaaaaaaa`, `abcdefgh`, keyboard walks, dates, a common word with digits).
 * zxcvbn is the strength library the field uses (maintained, MIT). Its word lists (about 235 kB
 * gzipped) are loaded by `loadPasswordLists`: the server awaits it at start (createDeps), so every
 * check it makes has them; the console loads them after its first paint, so they are not part of
 * what a browser downloads before the sign-in shows. Until then the console checks with the
 * Norwegian list and zxcvbn's patterns only, and the server's answer decides.
 */

/** Norwegian and product-specific passwords the English breach lists rank low or miss. */
const NORWEGIAN = `passord passord1 passord123 hemmelig hemmelig1 sommer2024 sommer2025 sommer2026
vinter2025 vinter2026 sommer123 norge123 oslo1234 bergen123 fotball1 fotball123 rosenborg brann123
vålerenga molde123 elskerdeg elskerdeg1 qwertyuiopå oppslag oppslag1 oppslag123 borettslag
borettslaget sameiet velkommen velkommen1 velkommen123 heisann hallo123 mittpassord`
  .split(/\s+/)
  .filter(Boolean);

/**
 * zxcvbn's score 0-4 (log10 of guesses: < 3, < 6, < 8, < 10, more). Level 3 is "safely
 * unguessable" (about 10^10 guesses): what a slow-hash offline attack on a leaked table cannot
 * reach cheaply, and what zxcvbn's authors recommend as the floor.
 */
export const PASSWORD_MIN_SCORE = 3;

export type PasswordProblem = 'too_common' | 'too_weak' | 'personal_info';

/** What the password must not be built from: the account's e-mail and its organizations' names. */
export interface PasswordContext {
  email?: string | null;
  names?: readonly (string | null | undefined)[];
}

/** The English text of each reason; the console shows its own translations by code. */
export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  too_common: 'This password is too common. Please choose another one',
  too_weak: 'This password is too easy to guess. Use a longer one, for example a few unrelated words',
  personal_info: 'The password cannot contain your e-mail address or the name of your organization',
};

type WordLists = Pick<typeof import('@zxcvbn-ts/language-common'), 'adjacencyGraphs' | 'dictionary'>;
let lists: WordLists | undefined;
let factory: ZxcvbnFactory | undefined;

/** Loads zxcvbn's common-password lists and keyboard graphs once (see above). */
export async function loadPasswordLists(): Promise<void> {
  if (lists) return;
  const { adjacencyGraphs, dictionary } = await import('@zxcvbn-ts/language-common');
  lists = { adjacencyGraphs, dictionary };
  factory = undefined;
}

const zxcvbn = (): ZxcvbnFactory => {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...lists?.dictionary, 'passwords-nb': NORWEGIAN },
    ...(lists ? { graphs: lists.adjacencyGraphs } : {}),
  });
  return factory;
};

const COMMON_DICTIONARIES = new Set(['passwords-common', 'passwords-nb']);

/** Lower-case letters and digits only: `Kari.Nordmann@x.no` and `kari nordmann` meet in the middle. */
const squash = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The context as words zxcvbn should treat as known: whole values and their parts. */
function contextWords(context: PasswordContext): string[] {
  const values = [context.email ?? '', ...(context.names ?? [])].filter((v): v is string => !!v);
  const words = values.flatMap((v) => [v, ...v.toLowerCase().split(/[^\p{L}\p{N}]+/u)]);
  return [...new Set(words.map((w) => w.trim()).filter((w) => w.length >= 3))];
}

/** The reason this password is refused, or null when it is acceptable. Length is the schema's job. */
export function passwordProblem(password: string, context: PasswordContext = {}): PasswordProblem | null {
  // The password is one of the context's values (any case, spacing, punctuation, digits around it):
  // `Solsiden-Borettslag-1` scores well in zxcvbn, yet it is the first thing a neighbour tries.
  const squashed = squash(password).replace(/^\p{N}+|\p{N}+$/gu, '');
  const values = [context.email, context.email?.split('@')[0], ...(context.names ?? [])];
  if (values.some((v) => !!v && squash(v).length >= 3 && squash(v) === squashed)) return 'personal_info';
  const result = zxcvbn().check(password, contextWords(context));
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  // Why it is weak, from the parts zxcvbn found: the context first, then a common password in it.
  const dictionaries = result.sequence.flatMap((m) => (m.pattern === 'dictionary' ? [m.dictionaryName] : []));
  if (dictionaries.includes('userInputs')) return 'personal_info';
  return dictionaries.some((d) => COMMON_DICTIONARIES.has(d)) ? 'too_common' : 'too_weak';
}

/** True for a password on the common lists, whatever its letter case. */
export const isCommonPassword = (password: string): boolean => passwordProblem(password) === 'too_common';
