/** argon2id with the library's defaults (64 MiB, 3 passes), the OWASP-recommended family. */
export declare function hashPassword(password: string): Promise<string>;
/**
 * Checks a password against a stored hash. Accounts without a hash (invited, never set) and
 * unknown e-mails are checked against a dummy hash so the answer takes as long as a real check
 * and does not reveal which e-mails exist.
 */
export declare function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean>;
/** A random password for "generate new password": 16 characters without look-alikes (~93 bits). */
export declare function generatePassword(length?: number): string;
