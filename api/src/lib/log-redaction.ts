/**
 * The one redaction every log line passes through (createLogger in ./logger.ts uses both halves):
 *
 * 1. Paths: fields that hold secrets or residents' data are replaced whole, whatever their value.
 * 2. Values: every string in the finished JSON line is scrubbed of what looks like a phone number,
 *    a JWT, a bearer credential, an API key or reset token, or an SMS approval code, because such
 *    values also reach logs inside messages, error texts and stacks that no path names.
 *
 * Docs: docs/operations.md, "Logs".
 */

/** Paths never written to logs: credentials, keys, residents' phone numbers and SMS texts. */
export const REDACT_PATHS = [
  'password',
  '*.password',
  '*.newPassword',
  '*.adminPassword',
  '*.currentPassword',
  'token',
  '*.token',
  'apiKey',
  '*.apiKey',
  'secret',
  '*.secret',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'from',
  '*.from',
  'to',
  '*.to',
  'phone',
  '*.phone',
  'phoneNumber',
  '*.phoneNumber',
  'number',
  '*.number',
  // SMS texts carry approval codes and what residents wrote.
  'text',
  '*.text',
  'body',
  '*.body',
  'approvalCode',
  '*.approvalCode',
];

export const REDACTED = '[redacted]';

/**
 * One alternation, tried left to right at each position, so a UUID (event ids) is kept whole before
 * its all-digit last group could pass for a phone number.
 */
const SCRUB =
  /(?<uuid>(?<![0-9A-Fa-f])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Fa-f]))|(?<jwt>eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*)|(?<bearer>\b(?:Bearer|Basic)\s+)[\w.~+/-]+=*|(?<approval>\b(?:ja|nei|yes|no|koden?|code)\s+)\d{4}\b|(?<phone>(?<!\d)(?:\+|00)?\d(?: ?\d){7,}(?!\d))|(?<key>(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{32,}(?![\w-]))/gi;

/**
 * A text with phone-number-like digit runs (8 digits or more, `+47 912 34 567`, `004791234567`),
 * JWTs, bearer/basic credentials, SMS approval codes after their reply word (`JA 1234`) and long
 * random keys (32+ URL-safe characters with letters and digits: display API keys, reset tokens)
 * replaced by a marker. UUIDs are kept: they are event ids, not secrets.
 */
export function scrubText(text: string): string {
  return text.replace(SCRUB, (match, ...args) => {
    const g = args[args.length - 1] as Record<string, string | undefined>;
    if (g.uuid) return match;
    if (g.jwt) return '[jwt]';
    if (g.bearer) return `${g.bearer}${REDACTED}`;
    if (g.approval) return `${g.approval}[code]`;
    if (g.phone) return '[phone]';
    return '[key]';
  });
}

/** A JSON string literal, escapes included. */
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * A finished JSON log line with every string literal scrubbed (keys included, harmlessly); numbers
 * are left alone, so `time` (epoch milliseconds) stays a number. A literal the scrub changes keeps
 * valid JSON: the markers hold no quote or backslash, and escapes are never split (`\n` before a
 * number is not a digit).
 */
export function scrubLogLine(line: string): string {
  return line.replace(JSON_STRING, (literal) => scrubText(literal));
}

/** A phone number as a log may show it: its last two digits (`…67`), enough to tell two apart. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 2 ? `…${digits.slice(-2)}` : '…';
}
