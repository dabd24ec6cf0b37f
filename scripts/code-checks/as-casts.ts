import ts from 'typescript';

/**
 * `as` casts tell the compiler to trust a type it cannot check, so each one is a place a wrong
 * shape gets through. `as const` only narrows a literal and is not counted; `import { a as b }`
 * is not an expression at all.
 */
export function asCasts(source: ts.SourceFile): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) && !isAsConst(node.type)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      out.push({ line: line + 1, text: node.getText(source).replace(/\s+/g, ' ').slice(-80) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const isAsConst = (type: ts.TypeNode) =>
  ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';
