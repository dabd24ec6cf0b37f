import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));
/** The read-only queue board is the one place the API process may open BullMQ queues. */
const ALLOWED = ['routes/queues-board/'];

/** Every file the API process loads, following its relative imports from the entry point. */
function moduleGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const base = join(dirname(file), spec).replace(/\.tsx?$/, '');
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f));
      if (found) visit(found);
    }
  };
  visit(entry);
  return [...seen];
}

/**
 * Every background job starts from the outbox: the API process records events and never adds
 * jobs. The queue plumbing lives in the api core for the worker and the gateway (`queue/`), but
 * nothing the API process loads may reach it, except the read-only queue board.
 */
describe('the API process never talks to BullMQ', () => {
  it('loads bullmq only through the queue board', () => {
    const graph = moduleGraph(join(SRC, 'main.ts')).map((path) => relative(SRC, path));
    expect(graph).toContain('app.ts');
    expect(graph.length).toBeGreaterThan(50);
    const offenders = graph
      .filter((path) => !ALLOWED.some((allowed) => path.startsWith(allowed)))
      .filter((path) => /from ['"]bullmq['"]/.test(readFileSync(join(SRC, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
