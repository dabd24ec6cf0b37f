import ts from 'typescript';

/**
 * Where code opens a database transaction (`x.transaction(…)`) or wakes the outbox relay
 * (`x.outbox.notify()`) by hand. In app code both belong to the unit of work
 * (api/src/db/unit-of-work.ts): a hand-written transaction can record events the relay is never
 * woken for, or commit them apart from the change they announce.
 */
export interface HandWork {
  line: number;
  kind: 'transaction' | 'wake';
  text: string;
}

export function handWork(source: ts.SourceFile): HandWork[] {
  const found: HandWork[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { name, expression } = node.expression;
      const kind =
        name.text === 'transaction'
          ? 'transaction'
          : name.text === 'notify' && /\boutbox$/.test(expression.getText(source))
            ? 'wake'
            : null;
      if (kind) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({ line, kind, text: node.expression.getText(source) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
