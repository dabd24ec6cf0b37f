import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));
/** The read-only queue board is the one place the API may open BullMQ queues. */
const ALLOWED = ['routes/queues-board/'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every background job starts from the outbox: the API records events and never adds jobs. */
describe('the API never talks to BullMQ', () => {
  it('imports bullmq (or the worker queues) only in the queue board', () => {
    const offenders = sources(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => !ALLOWED.some((allowed) => path.startsWith(allowed)))
      .filter((path) => {
        const text = readFileSync(join(SRC, path), 'utf8');
        return /from ['"]bullmq['"]/.test(text) || /from ['"][./]*worker\/src\/queues['"]/.test(text);
      });
    expect(offenders).toEqual([]);
  });
});
