import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { DEFAULT_COUNTRY } from './constants';

/**
 * The country a stored number (`00` + calling code + number) belongs to, e.g. 'NO'; undefined when
 * the number does not tell (a short code, an unknown range).
 */
export function phoneCountry(stored: string): string | undefined {
  const candidate = stored.startsWith('00') ? `+${stored.slice(2)}` : stored;
  return parsePhoneNumberFromString(candidate)?.country;
}

/** The language of an SMS to a number: Norwegian unless the number is known to be from abroad. */
export function smsLanguageFor(stored: string): 'nb' | 'en' {
  const country = phoneCountry(stored);
  return country && country !== DEFAULT_COUNTRY ? 'en' : 'nb';
}

/**
 * Normalizes a phone number to the stored form `00` + calling code + national number.
 * Empty input means "no number" (null). Returns undefined when the number is not valid for its country.
 */
export function normalizePhone(
  input: string | null | undefined,
  country: string = DEFAULT_COUNTRY,
): string | null | undefined {
  const raw = (input ?? '').trim();
  if (raw === '') return null;
  // Numbers already stored as 00-prefixed international form are parsed as +.
  const candidate = raw.startsWith('00') ? `+${raw.slice(2)}` : raw;
  const parsed = parsePhoneNumberFromString(candidate, country as CountryCode);
  if (!parsed?.isValid()) return undefined;
  return `00${parsed.countryCallingCode}${parsed.nationalNumber}`;
}

/**
 * The number an SMS came from, in the stored form. Providers send it as E.164 (`+46…`, Twilio) or
 * as digits with the country code but no `+` (`46…`, Sveve); the latter is first read as a
 * Norwegian number and, when that is not valid, as an international one.
 */
export function normalizeSender(raw: string): string | undefined {
  const local = normalizePhone(raw);
  if (local) return local;
  const digits = raw.trim();
  return /^\d{9,15}$/.test(digits) ? (normalizePhone(`+${digits}`) ?? undefined) : undefined;
}
