import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { type Actor, effectiveRole, type Grant } from './permissions';

/**
 * Who sees a resident's SMS (its text, the organization's usage with the numbers at their limit):
 * issue 28 item 4, docs/security.md "Residents' numbers". An SMS belongs to the entity it was sent
 * to (the organization of its code word, or a screen's own code word), and only those who may read
 * that entity itself see it: the superadmin and roles granted on it or above it. A role granted
 * lower down (a group administrator of some of the organization's screens) reaches the
 * organization's notes through the screens' "with parents" view, yet gets 404 on the organization:
 * it sees those notes once published, never a resident's pending text, nor the organization's usage.
 *
 * `ancestry` is that entity's, itself first, up to the root.
 */
export function seesResidentData(
  actor: Actor,
  grants: readonly Grant[],
  ancestry: readonly number[],
): boolean {
  return actor.admin || effectiveRole(grants, ancestry) !== null;
}

/**
 * A number shown where the full one is not needed (usage warnings, the STOP list): the calling
 * code and the last two digits, `004791234567` → `+47 •••••• 67`. Enough to recognise one's own.
 */
export function maskPhone(stored: string): string {
  const digits = stored.replace(/^00|^\+/, '');
  const code = parsePhoneNumberFromString(`+${digits}`)?.countryCallingCode ?? '';
  const rest = digits.slice(code.length);
  return `${code ? `+${code} ` : ''}${'•'.repeat(Math.max(rest.length - 2, 0))} ${rest.slice(-2)}`;
}
