import { DEFAULT_LOCALE, FALLBACK_LOCALE, LANGUAGES } from '@oppslag/common/constants.ts';
import { isOneOf } from '@oppslag/common/one-of.ts';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { dayjsLocale } from '../lib/dates';
import { STORAGE_KEYS, storage } from '../lib/storage';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

/**
 * Every `i18n/<language>/<namespace>.json` is picked up here, so a feature adds its texts by
 * adding a file of its own; nobody edits a shared list.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json', { eager: true });
export const resources: Resources = {};
for (const [path, mod] of Object.entries(files)) {
  const match = /^\.\/([a-z]+)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match;
  resources[language] ??= {};
  resources[language][namespace] = mod.default;
}
export const namespaces = Object.keys(resources[FALLBACK_LOCALE] ?? {});

export function isLanguage(value: unknown): value is (typeof LANGUAGES)[number] {
  return isOneOf(LANGUAGES, value);
}

function initialLanguage(): string {
  const stored = storage.get(STORAGE_KEYS.locale);
  return isLanguage(stored) ? stored : DEFAULT_LOCALE;
}

i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: FALLBACK_LOCALE,
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
dayjs.locale(dayjsLocale(i18next.language));
// Guarded so the console's client code can also run in Node (tests against the real API).
if (typeof document !== 'undefined') document.documentElement.lang = i18next.language;

/** Switches the interface language and remembers it under localStorage 'locale'. */
export async function setLanguage(language: string): Promise<void> {
  if (!isLanguage(language)) return;
  storage.set(STORAGE_KEYS.locale, language);
  dayjs.locale(dayjsLocale(language));
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

export default i18next;
