/** The player's own small dictionary: Norwegian by default, English as fallback (spec §1). */
const no = {
  'register.title': 'Registrer skjerm',
  'register.intro': 'Skriv inn skjerm-ID og API-nøkkel fra skjermens side i konsollen.',
  'register.displayId': 'Skjerm-ID',
  'register.apiKey': 'API-nøkkel',
  'register.submit': 'Registrer',
  'register.busy': 'Registrerer …',
  'register.invalid': 'Ukjent skjerm-ID eller feil API-nøkkel.',
  'register.failed': 'Kunne ikke nå serveren. Prøv igjen.',
  'register.revoked': 'API-nøkkelen for denne skjermen er ikke lenger gyldig. Registrer skjermen på nytt.',
  'preview.ended': 'Forhåndsvisningen er utløpt. Åpne den på nytt fra konsollen.',
  'transit.now': 'nå',
  'transit.title': 'Avganger',
  'weather.today': 'I dag',
  'weather.tomorrow': 'I morgen',
  // A soft hyphen: a narrow forecast box breaks the word as "over-/morgen", never mid-syllable.
  'weather.dayAfter': 'I over\u00ADmorgen',
  'freshness.updated': 'oppdatert {time}',
  'info.smsStart': 'Legg ut et oppslag: send en SMS som starter med',
  'info.smsTo': 'til',
  'info.title': 'Informasjon',
  'notes.empty': 'Ingen oppslag akkurat nå',
  'status.offline': 'Frakoblet – viser sist lagrede innhold',
  'status.loading': 'Laster …',
  'status.connecting': 'Kobler til serveren …',
} as const;

export type MessageKey = keyof typeof no;

const en: Record<MessageKey, string> = {
  'register.title': 'Register display',
  'register.intro': "Enter the display ID and API key from the display's page in the console.",
  'register.displayId': 'Display ID',
  'register.apiKey': 'API key',
  'register.submit': 'Register',
  'register.busy': 'Registering …',
  'register.invalid': 'Unknown display ID or wrong API key.',
  'register.failed': 'Could not reach the server. Try again.',
  'register.revoked': 'The API key of this display is no longer valid. Please register the display again.',
  'preview.ended': 'The preview has ended. Open it again from the console.',
  'transit.now': 'now',
  'transit.title': 'Departures',
  'weather.today': 'Today',
  'weather.tomorrow': 'Tomor\u00ADrow',
  'weather.dayAfter': 'Day after tomorrow',
  'freshness.updated': 'updated {time}',
  'info.smsStart': 'Post a notice: send a text message starting with',
  'info.smsTo': 'to',
  'info.title': 'Information',
  'notes.empty': 'No notices right now',
  'status.offline': 'Offline – showing the last saved content',
  'status.loading': 'Loading …',
  'status.connecting': 'Connecting to the server …',
};

export type Language = 'no' | 'en';
const dictionaries: Record<Language, Record<MessageKey, string>> = { no, en };

/** Localized text with its `{name}` parameters filled in. */
export function translate(language: Language, key: MessageKey, params: Record<string, string> = {}): string {
  const text = dictionaries[language]?.[key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

/** Intl locale tag for dates. */
export const localeOf = (language: Language) => (language === 'en' ? 'en-GB' : 'nb-NO');

/** The language asked for in the URL (`?lang=en`), else Norwegian. */
export function initialLanguage(search: string): Language {
  return new URLSearchParams(search).get('lang') === 'en' ? 'en' : 'no';
}
