import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSourceFiles, parseSource, REPO_ROOT } from './app-sources.ts';
import { findCycles, resolveRelative, runtimeImports } from './import-cycles.ts';

/** The runtime import graph of the app code: repo-relative file -> the app files it loads. */
function appImportGraph(): Map<string, string[]> {
  const exists = (path: string) => existsSync(join(REPO_ROOT, path));
  const graph = new Map<string, string[]>();
  for (const file of appSourceFiles()) {
    const targets = runtimeImports(parseSource(file)).map((specifier) =>
      resolveRelative(file, specifier, exists),
    );
    graph.set(
      file,
      targets.filter((target): target is string => target !== null),
    );
  }
  return graph;
}

describe('runtime import cycles', () => {
  it('app code has none (common, api, worker, realtime, stack, console, display)', {
    timeout: 30_000,
  }, () => {
    const graph = appImportGraph();
    expect(graph.size).toBeGreaterThan(300);
    expect(findCycles(graph)).toEqual([]);
  });

  it('a cycle through value imports is found; type-only imports and dynamic import() cut it', () => {
    const a = parseSource(
      'x/src/a.ts',
      "import { b } from './b';\nimport type { C } from './c';\nimport { type D } from './d';\nexport * from './e';\nconst f = () => import('./f');",
    );
    expect(runtimeImports(a)).toEqual(['./b', './e']);
    const b = parseSource('x/src/b.ts', "import { a } from './a.ts';\nexport { x } from '../y/z';");
    expect(runtimeImports(b)).toEqual(['./a.ts', '../y/z']);

    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
      ['e.ts', ['e.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(
      findCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('resolves a specifier to the .ts, .tsx or index file a bundler would load', () => {
    const files = new Set(['x/src/api/users.api.ts', 'x/src/state/index.tsx', 'x/src/page.tsx']);
    const exists = (path: string) => files.has(path);
    expect(resolveRelative('x/src/state/profile.ts', '../api/users.api', exists)).toBe(
      'x/src/api/users.api.ts',
    );
    expect(resolveRelative('x/src/api/users.api.ts', '../state', exists)).toBe('x/src/state/index.tsx');
    expect(resolveRelative('x/src/api/users.api.ts', '../page.js', exists)).toBe('x/src/page.tsx');
    expect(resolveRelative('x/src/api/users.api.ts', './missing', exists)).toBeNull();
  });
});
