import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '@oppslag/api/core';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

/**
 * The shipped deployment examples run in production (issue 26 item 5): they start once the
 * operator has set the secrets, and not before; neither carries a JWT secret that passes.
 */
const dir = import.meta.dirname;
const read = (file: string) => readFileSync(join(dir, file), 'utf8');

/** Problems loadConfig lists for `env`, by variable ([] when it starts). */
function refused(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'oppslag-deploy-')) });
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.problems.map((p) => p.split(':')[0]);
  }
}

/** Compose's variable substitution: `${V}`, `${V:-default}`, `${V:?error}` (an unset V stops compose). */
function substitute(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, arg = '') => {
    if (env[name]) return env[name];
    if (kind === '?') throw new Error(`compose: ${name}: ${arg}`);
    return kind === '-' ? arg : '';
  });
}

/** The environment compose gives the api, worker and realtime services, with `operator` set. */
function composeServerEnv(operator: Record<string, string>): Record<string, string> {
  const compose = parse(read('../docker-compose.yml'), { merge: true });
  const env: Record<string, string> = compose.services.api.environment;
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, substitute(String(v), operator)]));
}

const operator = {
  JWT_SECRET: 'Zq8y3o1kX4lq0cB9m2Vd7TnR5sJ6hW1pE0uA3gK8fL2iY9xN',
  PUBLIC_URL: 'https://tavle.borettslag.no',
  SMS_PROVIDER: 'sveve',
  SVEVE_USER: 'borettslag',
  SVEVE_PASSWORD: 'its-password',
};

describe('docker-compose.yml in production', () => {
  it('starts with the secrets the operator set, as production', () => {
    const env = composeServerEnv(operator);
    expect(env.NODE_ENV).toBe('production');
    expect(refused(env)).toEqual([]);
  });

  it('refuses to start at all without JWT_SECRET, PUBLIC_URL or SMS_PROVIDER (no built-in value)', () => {
    for (const name of ['JWT_SECRET', 'PUBLIC_URL', 'SMS_PROVIDER'] as const) {
      const { [name]: _, ...rest } = operator;
      expect(() => composeServerEnv(rest), name).toThrow(`compose: ${name}`);
    }
  });

  it('leaves demo data off unless asked, and production refuses it when asked', () => {
    expect(composeServerEnv(operator).DEMO_DATA).toBe('false');
    expect(refused(composeServerEnv({ ...operator, DEMO_DATA: 'true' }))).toEqual(['DEMO_DATA']);
  });
});

describe('k8s examples in production', () => {
  const docs = [...parseAllDocuments(read('config.yaml')), ...parseAllDocuments(read('secret.example.yaml'))]
    .map((d) => d.toJS())
    .filter(Boolean);
  const configMap: Record<string, string> = docs.find((d) => d.kind === 'ConfigMap').data;
  const secret: Record<string, string> = docs.find((d) => d.kind === 'Secret').stringData;

  it('refuses the example Secret as it is, naming only its JWT_SECRET', () => {
    expect(configMap.NODE_ENV).toBe('production');
    expect(refused({ ...configMap, ...secret })).toEqual(['JWT_SECRET']);
  });

  it('starts once the JWT secret is a real one', () => {
    expect(refused({ ...configMap, ...secret, JWT_SECRET: operator.JWT_SECRET })).toEqual([]);
  });
});
