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

  it('leaves the tables to @oppslag/api/testing, where tests arrange and inspect rows', () => {
    // The control: the same scan finds tables where they are exported.
    expect(tablesIn(testing)).toEqual(expect.arrayContaining(['entities', 'events', 'smsOutbound', 'users']));
  });
});
