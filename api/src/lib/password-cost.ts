/** argon2id cost parameters (memory in KiB); configuration decides them (`config.passwordHashing`). */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** The argon2 library's defaults (64 MiB, 3 passes, 4 lanes): what every real deployment hashes with. */
export const STRONG_PASSWORD_COST: PasswordHashCost = Object.freeze({
  memoryCost: 65536,
  timeCost: 3,
  parallelism: 4,
});

/**
 * The cheapest cost argon2 accepts, for test servers only (a test world hashes five passwords at
 * ~225 ms each otherwise); configuration refuses it in production.
 */
export const TEST_PASSWORD_COST: PasswordHashCost = Object.freeze({
  memoryCost: 1024,
  timeCost: 2,
  parallelism: 1,
});
