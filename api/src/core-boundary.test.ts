import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '@oppslag/api/core';
import * as testing from '@oppslag/api/testing';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

/** The exported names whose value is a Drizzle table. */
const tablesIn = (module: Record<string, unknown>) =>
  Object.entries(module)
    .filter(([, value]) => is(value, PgTable))
    .map(([name]) => name);

const ROOT = join(import.meta.dirname, '..', '..');
/** Where the core's users live: everything outside the API package that may import it. */
const CONSUMERS = ['worker', 'realtime', 'stack', 'scripts', 'bench', 'e2e', 'k8s'];

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') sources(path, out);
    } else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** The names other packages import (or re-export) from the core as values (`type` ones excluded). */
function valuesImportedFromCore(): Set<string> {
  const names = new Set<string>();
  const statement = /(?:import|export)\s+(type\s+)?\{([^}]*)\}\s+from\s+'@oppslag\/api\/core'/g;
  for (const file of CONSUMERS.flatMap((dir) => sources(join(ROOT, dir)))) {
    for (const [, typeOnly, list] of readFileSync(file, 'utf8').matchAll(statement)) {
      if (typeOnly) continue;
      for (const part of list.split(',').map((p) => p.trim())) {
        if (part && !part.startsWith('type ')) names.add(part.split(/\s+as\s+/)[0]);
      }
    }
  }
  return names;
}

/**
 * Issue 27 item 5: the worker and the gateway reach the database through the API's services, never
 * by querying its tables. They import the API only through `@oppslag/api/core` (biome forbids
 * paths into api/src and, outside tests, `@oppslag/api/testing`), so a core without tables is what
 * keeps them out; tests get the tables from `@oppslag/api/testing`.
 */
describe('@oppslag/api/core boundary', () => {
  it('exports no Drizzle table', () => {
    expect(tablesIn(core)).toEqual([]);
  });

  it('exports only values that the worker, the gateway, the stack, scripts, benches or e2e import', () => {
    const imported = valuesImportedFromCore();
    // The scan reads the consumers' imports (a value every worker and the gateway need).
    expect(imported).toContain('createDeps');
    expect(Object.keys(core).filter((name) => !imported.has(name))).toEqual([]);
  });

  it('leaves the tables to @oppslag/api/testing, where tests arrange and inspect rows', () => {
    // The control: the same scan finds tables where they are exported.
    expect(tablesIn(testing)).toEqual(expect.arrayContaining(['entities', 'events', 'smsOutbound', 'users']));
  });
});
