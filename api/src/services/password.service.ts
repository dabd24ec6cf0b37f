import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes), the OWASP-recommended family. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Accounts without a hash (invited, never set) and
 * unknown e-mails are checked against a dummy hash so the answer takes as long as a real check
 * and does not reveal which e-mails exist.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password for "generate new password": 16 characters without look-alikes (~93 bits). */
export function generatePassword(length = 16): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (b >= ALPHABET.length * Math.floor(256 / ALPHABET.length)) continue;
    out += ALPHABET[b % ALPHABET.length];
    if (out.length === length) return out;
  }
  return out + generatePassword(length - out.length);
}
