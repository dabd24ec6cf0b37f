import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import { DatabaseStorage, LocalDiskStorage, type Storage } from './storage';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const implementations: [string, () => Promise<Storage>][] = [
  [
    'local disk',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'oppslag-storage-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return new LocalDiskStorage(dir);
    },
  ],
  ...(['pg', 'pglite'] as const).map((driver): [string, () => Promise<Storage>] => [
    `database (${driver})`,
    async () => {
      const db: TestDatabase = await createTestDatabase(driver);
      cleanups.push(() => db.drop());
      const { runMigrations } = await import('../db/client');
      await runMigrations(db.database);
      return new DatabaseStorage(db.database);
    },
  ]),
];

describe.each(implementations)('%s storage', (_name, make) => {
  let storage: Storage;
  // Starting PGlite and migrating it takes a while on a busy machine.
  beforeAll(async () => {
    storage = await make();
  }, 120_000);

  it('puts, replaces, gets, checks and deletes files byte for byte', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256));
    expect(await storage.exists('originals/a.png')).toBe(false);
    expect(await storage.get('originals/a.png')).toBeNull();
    await storage.put('originals/a.png', bytes);
    expect(await storage.exists('originals/a.png')).toBe(true);
    expect((await storage.get('originals/a.png'))?.equals(bytes)).toBe(true);
    await storage.put('originals/a.png', Buffer.from('second'));
    expect((await storage.get('originals/a.png'))?.toString()).toBe('second');
    await storage.delete('originals/a.png');
    await storage.delete('originals/a.png');
    expect(await storage.exists('originals/a.png')).toBe(false);
  });

  it('refuses keys that could leave its area', async () => {
    for (const key of ['../escape', '/etc/passwd', 'a/../../b', '', 'a//b']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    }
  });
});
