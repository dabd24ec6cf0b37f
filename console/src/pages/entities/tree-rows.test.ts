import type { Entity } from '@oppslag/common/schemas/entity.ts';
import { describe, expect, it } from 'vitest';
import { treeRows } from './tree-rows';

const entity = (id: number, parentId: number | null, type: Entity['type'], name: string) =>
  ({ id, parentId, type, name }) as Entity;

// org 1 ─ Blokk B (3) ─ Inngang (5)
//       ├ Blokk A (2)            (empty)
//       └ Tavle (4)              (display)
const byId: Record<number, Entity> = {
  1: entity(1, null, 'organization', 'Solsiden'),
  3: entity(3, 1, 'group', 'Blokk B'),
  2: entity(2, 1, 'group', 'Blokk A'),
  4: entity(4, 1, 'display', 'Tavle'),
  5: entity(5, 3, 'display', 'Inngang'),
};
const lines = (expanded: number[]) =>
  treeRows(byId, [byId[1]], new Set(expanded)).map((r) =>
    r.kind === 'entity'
      ? `${'  '.repeat(r.depth)}${r.entity.name} ${r.position}/${r.siblings}`
      : `${'  '.repeat(r.depth)}(empty)`,
  );

describe('entity tree lines', () => {
  it('shows a closed root alone', () => {
    expect(lines([])).toEqual(['Solsiden 1/1']);
  });

  it('lists open parents’ children by name, an empty open group by one line, nested in order', () => {
    expect(lines([1, 2, 3])).toEqual([
      'Solsiden 1/1',
      '  Blokk A 1/3',
      '    (empty)',
      '  Blokk B 2/3',
      '    Inngang 1/1',
      '  Tavle 3/3',
    ]);
  });

  it('never opens a display, and a closed parent hides its subtree', () => {
    expect(lines([1, 4, 5])).toEqual(['Solsiden 1/1', '  Blokk A 1/3', '  Blokk B 2/3', '  Tavle 3/3']);
  });

  it('flattens 10,000 children without recursion limits', () => {
    const many: Record<number, Entity> = { 1: byId[1] };
    for (let i = 2; i <= 10_001; i++) many[i] = entity(i, i - 1, 'group', `G${i}`);
    const all = treeRows(many, [many[1]], new Set(Object.keys(many).map(Number)));
    expect(all).toHaveLength(10_002);
    expect(all.at(-1)).toMatchObject({ kind: 'empty', depth: 10_001 });
  });
});
