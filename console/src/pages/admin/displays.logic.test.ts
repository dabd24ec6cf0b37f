import { describe, expect, it } from 'vitest';
import type { AdminDisplayItem } from '../../api/admin.api';
import { applyPresence, toggleSelection, updateTarget } from './displays.logic';

describe('admin displays', () => {
  it("updates 'all' without a selection, else the selected ids", () => {
    expect(updateTarget(new Set())).toBe('all');
    let s = toggleSelection(new Set(), 5);
    s = toggleSelection(s, 2);
    expect(updateTarget(s)).toEqual([2, 5]);
    expect(updateTarget(toggleSelection(s, 5))).toEqual([2]);
  });

  it('patches online status live', () => {
    const items: AdminDisplayItem[] = [
      {
        entity: {
          id: 1,
          name: 'A',
          parentId: null,
          codeWord: null,
          organization: null,
          displayId: 'aaaaaaaaaa',
        },
        display: { onlineStatus: false, registered: true },
        health: null,
      },
      {
        entity: {
          id: 2,
          name: 'B',
          parentId: null,
          codeWord: null,
          organization: null,
          displayId: 'bbbbbbbbbb',
        },
        display: { onlineStatus: false, registered: true },
        health: null,
      },
    ];
    const next = applyPresence(items, 2, true);
    expect(next[1].display.onlineStatus).toBe(true);
    expect(next[0]).toBe(items[0]);
  });
});
