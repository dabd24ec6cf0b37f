import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { PasswordHashCost } from '../lib/password-cost';

/** argon2id, the OWASP-recommended family, at the configured cost (stored in the hash itself). */
export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

/** One dummy hash per cost, so a check without a real hash costs what a real check costs. */
const dummyHashes = new Map<string, Promise<string>>();

/**
 * Checks a password against a stored hash. Accounts without a hash (invited, never set) and
 * unknown e-mails are checked against a dummy hash so the answer takes as long as a real check
 * and does not reveal which e-mails exist.
 */
export async function verifyPassword(
  hash: string | null | undefined,
  password: string,
  cost: PasswordHashCost,
): Promise<boolean> {
  if (!hash) {
    const key = JSON.stringify(cost);
    let dummy = dummyHashes.get(key);
    if (!dummy) {
      dummy = hashPassword(randomBytes(16).toString('hex'), cost);
      dummyHashes.set(key, dummy);
    }
    await argon2.verify(await dummy, password).catch(() => false);
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
