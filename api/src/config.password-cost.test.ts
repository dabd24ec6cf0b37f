import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'oppslag-config-')), JWT_SECRET: 'x'.repeat(32) });
// What production needs besides the hashing cost (config-checks.ts).
const production = {
  NODE_ENV: 'production',
  DEMO_DATA: 'false',
  PUBLIC_URL: 'https://oppslag.example.no',
  SMS_PROVIDER: 'sveve',
  SVEVE_USER: 'u',
  SVEVE_PASSWORD: 'p',
};

describe('password hashing cost', () => {
  it('is argon2id at the library defaults (64 MiB, 3 passes, 4 lanes) unless a test lowers it', () => {
    // Typed in, not read from STRONG_PASSWORD_COST: lowering that constant must fail this test.
    const strong = { memoryCost: 65536, timeCost: 3, parallelism: 4 };
    expect(loadConfig(base()).passwordHashing).toEqual(strong);
    expect(loadConfig({ ...base(), ...production }).passwordHashing).toEqual(strong);
    expect(loadConfig({ ...base(), PASSWORD_HASH_COST: 'strong' }).passwordHashing).toEqual(strong);
  });

  it('is cheap only when asked for, and never in production', () => {
    expect(loadConfig({ ...base(), PASSWORD_HASH_COST: 'test' }).passwordHashing.memoryCost).toBeLessThan(
      65536,
    );
    expect(() => loadConfig({ ...base(), ...production, PASSWORD_HASH_COST: 'test' })).toThrow(
      /PASSWORD_HASH_COST/,
    );
    expect(() => loadConfig({ ...base(), PASSWORD_HASH_COST: 'weak' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
