import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'oppslag-config-'));

/** A production configuration that starts: each test breaks one part of it. */
const safe = () => ({
  NODE_ENV: 'production',
  DATA_DIR: dataDir(),
  DEMO_DATA: 'false',
  PUBLIC_URL: 'https://oppslag.example.no',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'token',
  JWT_SECRET: 'q'.repeat(48),
});

/** The problems loadConfig lists for `env`, or [] when it starts. */
function problems(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return [...err.problems];
  }
}
const named = (env: Record<string, string | undefined>) => problems(env).map((p) => p.split(':')[0]);

describe('production configuration', () => {
  it('starts with safe settings', () => {
    expect(problems(safe())).toEqual([]);
    expect(loadConfig(safe()).production).toBe(true);
  });

  it('refuses demo data, also when DEMO_DATA is left at its default', () => {
    expect(named({ ...safe(), DEMO_DATA: 'true' })).toEqual(['DEMO_DATA']);
    expect(named({ ...safe(), DEMO_DATA: undefined })).toEqual(['DEMO_DATA']);
  });

  it('refuses the log SMS provider, and a real provider without its credentials', () => {
    expect(named({ ...safe(), SMS_PROVIDER: 'log' })).toEqual(['SMS_PROVIDER']);
    expect(named({ ...safe(), SMS_PROVIDER: undefined })).toEqual(['SMS_PROVIDER']);
    expect(problems({ ...safe(), SMS_PROVIDER: 'sveve' })).toEqual([
      'SMS_PROVIDER: sveve needs SVEVE_USER and SVEVE_PASSWORD',
    ]);
  });

  it('refuses a PUBLIC_URL on this machine, or none', () => {
    for (const url of [
      'http://localhost:8080',
      'http://app.localhost',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://0.0.0.0',
    ])
      expect(named({ ...safe(), PUBLIC_URL: url }), url).toEqual(['PUBLIC_URL']);
    expect(named({ ...safe(), PUBLIC_URL: undefined })).toEqual(['PUBLIC_URL']);
    expect(named({ ...safe(), PUBLIC_URL: 'https://localhost.example.no' })).toEqual([]);
  });

  // The shipped files themselves are checked in k8s/production-config.test.ts.
  it("refuses the JWT secrets shipped as examples (compose's former default, the k8s Secret) and short ones", () => {
    const k8s = 'generate-with-openssl-rand-base64-48-and-store-in-your-secret-store';
    expect(named({ ...safe(), JWT_SECRET: k8s })).toEqual(['JWT_SECRET']);
    expect(
      named({ ...safe(), JWT_SECRET: 'compose-development-secret-change-me-please-0123456789' }),
    ).toEqual(['JWT_SECRET']);
    expect(named({ ...safe(), JWT_SECRET: 'x'.repeat(31) })).toEqual(['JWT_SECRET']);
    // Short is refused everywhere; built-in only in production (development may use the example).
    expect(named({ DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(31) })).toEqual(['JWT_SECRET']);
    expect(named({ DATA_DIR: dataDir(), JWT_SECRET: k8s })).toEqual([]);
  });

  it('names every unsafe setting at once, malformed values included, each once', () => {
    const list = problems({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      JWT_SECRET: 'short',
      PORT: 'eighty',
      PUBLIC_URL: 'http://localhost:8080',
    });
    expect(list.map((p) => p.split(':')[0]).sort()).toEqual([
      'DEMO_DATA',
      'JWT_SECRET',
      'PORT',
      'PUBLIC_URL',
      'SMS_PROVIDER',
    ]);
    expect(list.find((p) => p.startsWith('JWT_SECRET'))).toMatch(/at least 32 characters/);
  });

  it('leaves development as it was: demo data, log provider and localhost are fine there', () => {
    expect(problems({ DATA_DIR: dataDir() })).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      demoData: true,
      publicUrl: 'http://localhost:8080',
      sms: { provider: 'log' },
    });
  });

  it('counts an empty variable as unset', () => {
    expect(
      loadConfig({ ...safe(), TWILIO_ACCOUNT_SID: 'AC1', CORS_ORIGINS: '', BIND_HOST: '' }).bindHost,
    ).toBe(undefined);
    expect(named({ ...safe(), TWILIO_AUTH_TOKEN: '' })).toEqual(['SMS_PROVIDER']);
  });
});
