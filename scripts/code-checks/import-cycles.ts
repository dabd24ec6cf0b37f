import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

/**
 * Runtime import cycles: a module that, while loading, needs a module that needs it back sees the
 * other's bindings undefined (or in TDZ) depending on which is loaded first -- an order bug no type
 * check catches. Type-only imports are erased, so they cut a cycle; dynamic `import()` loads later.
 */

/** The relative specifiers a module loads at run time (imports and re-exports, not type-only ones). */
export function runtimeImports(source: ts.SourceFile): string[] {
  const out: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const allTypes =
        clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0
          ? named.elements.every((element) => element.isTypeOnly)
          : false;
      if (!allTypes && ts.isStringLiteral(statement.moduleSpecifier))
        out.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      const named = statement.exportClause;
      const allTypes =
        named && ts.isNamedExports(named) && named.elements.length > 0
          ? named.elements.every((element) => element.isTypeOnly)
          : false;
      if (!allTypes && ts.isStringLiteral(statement.moduleSpecifier))
        out.push(statement.moduleSpecifier.text);
    }
  }
  return out.filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'));
}

/** The file a relative specifier names, as bundlers and tsx resolve it; null when none exists. */
export function resolveRelative(
  from: string,
  specifier: string,
  exists: (path: string) => boolean = existsSync,
): string | null {
  const base = normalize(join(dirname(from), specifier));
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => /\.tsx?$/.test(path) && exists(path)) ?? null;
}

/** Every group of modules that import each other at run time (Tarjan's strongly connected components). */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}
