/**
 * The one redaction every log line passes through (createLogger in ./logger.ts uses both halves):
 *
 * 1. Fields: those named for secrets or residents' data are replaced whole, whatever their value.
 * 2. Values: every string in the finished JSON line is scrubbed of what looks like a phone number,
 *    a JWT, a bearer credential, an API key or reset token, or an SMS approval code, because such
 *    values also reach logs inside messages, error texts and stacks that no path names.
 *
 * Docs: docs/operations.md, "Logs".
 */

export const REDACTED = '[redacted]';

/**
 * Field names never written to logs, at any depth: credentials, keys, residents' phone numbers and
 * SMS texts (which carry approval codes and what residents wrote). Matched by name rather than by
 * pino's path redaction: forty wildcard paths cost ~25 µs a line, a walk of the fields ~1 µs.
 */
export const REDACT_KEYS: ReadonlySet<string> = new Set([
  'password',
  'newPassword',
  'adminPassword',
  'currentPassword',
  'token',
  'apiKey',
  'secret',
  'authorization',
  'cookie',
  'from',
  'to',
  'phone',
  'phoneNumber',
  'number',
  'text',
  'body',
  'approvalCode',
]);

/** A log line's fields with every REDACT_KEYS field replaced, copied only where one is (pino's `formatters.log`). */
export function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const [key, v] of Object.entries(fields)) {
    const next = REDACT_KEYS.has(key) ? REDACTED : redactValue(v, 1);
    if (next !== v) {
      copy ??= { ...fields };
      copy[key] = next;
    }
  }
  return copy ?? fields;
}

/** A nested value with its REDACT_KEYS fields replaced (4 levels deep); errors are left to `safeError`. */
function redactValue(value: unknown, depth: number): unknown {
  if (depth > 4 || value === null || typeof value !== 'object' || value instanceof Error) return value;
  if (Array.isArray(value)) {
    const items = value.map((v) => redactValue(v, depth + 1));
    return items.some((v, i) => v !== value[i]) ? items : value;
  }
  let copy: Record<string, unknown> | null = null;
  for (const [key, v] of Object.entries(value)) {
    const next = REDACT_KEYS.has(key) ? REDACTED : redactValue(v, depth + 1);
    if (next !== v) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  return copy ?? value;
}

/**
 * One alternation, tried left to right at each position, so a UUID (event ids) is kept whole before
 * its all-digit last group could pass for a phone number.
 */
const SCRUB =
  /(?<uuid>(?<![0-9A-Fa-f])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Fa-f]))|(?<jwt>eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*)|(?<bearer>\b(?:Bearer|Basic)\s+)[\w.~+/-]+=*|(?<approval>\b(?:ja|nei|yes|no|koden?|code)\s+)\d{4}\b|(?<phone>(?<!\d)(?:\+|00)?\d(?: ?\d){7,}(?!\d))|(?<key>(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{32,}(?![\w-]))/gi;

/**
 * What every match of SCRUB contains somewhere: a cheap test that lets most strings (keys, paths,
 * messages) skip the full alternation, which costs several microseconds a line.
 */
const MAY_HOLD_SECRET = /\d ?\d ?\d ?\d|eyJ|bearer|basic|[\w-]{32}/i;
/** The same over a whole line, ignoring JSON numbers (`"time":1795…`): most lines then skip the scrub. */
const LINE_MAY_HOLD_SECRET = /(?<!":\d*)\d ?\d ?\d ?\d|eyJ|bearer|basic|[\w-]{32}/i;

/**
 * A text with phone-number-like digit runs (8 digits or more, `+47 912 34 567`, `004791234567`),
 * JWTs, bearer/basic credentials, SMS approval codes after their reply word (`JA 1234`) and long
 * random keys (32+ URL-safe characters with letters and digits: display API keys, reset tokens)
 * replaced by a marker. UUIDs are kept: they are event ids, not secrets.
 */
export function scrubText(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
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
  if (!LINE_MAY_HOLD_SECRET.test(line)) return line;
  return line.replace(JSON_STRING, (literal) => scrubText(literal));
}

/** A phone number as a log may show it: its last two digits (`…67`), enough to tell two apart. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 2 ? `…${digits.slice(-2)}` : '…';
}
