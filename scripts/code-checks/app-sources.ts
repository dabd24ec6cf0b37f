import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The app code the code checks read: every non-test .ts/.tsx under a workspace's src/ (tests and
 * declaration files excluded; shared test helpers such as api/src/test/ are app-side code and count).
 */
export const REPO_ROOT = join(import.meta.dirname, '..', '..');
export const APP_PACKAGES = ['common', 'api', 'worker', 'realtime', 'stack', 'console', 'display'] as const;

const isAppSource = (name: string) =>
  /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') walk(path, out);
    } else if (isAppSource(entry.name)) out.push(path);
  }
}

/** Repo-relative paths of the app sources, sorted. */
export function appSourceFiles(root = REPO_ROOT): string[] {
  const out: string[] = [];
  for (const pkg of APP_PACKAGES) walk(join(root, pkg, 'src'), out);
  return out.map((path) => relative(root, path)).sort();
}

/** A source parsed on its own (no program: the checks are syntactic). */
export function parseSource(path: string, text = readFileSync(join(REPO_ROOT, path), 'utf8')): ts.SourceFile {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
}
