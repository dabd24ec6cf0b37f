import { describe, expect, it } from 'vitest';
import { stopSearchQuery } from '../../../api/screen-queries';
import { moveHighlight, searchableQuery } from './transit-search.logic';

describe('stop search', () => {
  it('starts only from 2 characters, ignoring surrounding spaces', () => {
    expect(searchableQuery('')).toBeNull();
    expect(searchableQuery(' o ')).toBeNull();
    expect(searchableQuery(' os ')).toBe('os');
    expect(searchableQuery('Jernbanetorget')).toBe('Jernbanetorget');
  });

  it('moves the highlight with the arrow keys and wraps around', () => {
    expect(moveHighlight(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveHighlight(0, 'ArrowDown', 3)).toBe(1);
    expect(moveHighlight(2, 'ArrowDown', 3)).toBe(0);
    expect(moveHighlight(-1, 'ArrowUp', 3)).toBe(2);
    expect(moveHighlight(1, 'ArrowUp', 3)).toBe(0);
    expect(moveHighlight(0, 'ArrowUp', 3)).toBe(2);
    expect(moveHighlight(1, 'Home', 3)).toBe(0);
    expect(moveHighlight(0, 'End', 3)).toBe(2);
  });

  it('has no highlight without results', () => {
    expect(moveHighlight(2, 'ArrowDown', 0)).toBe(-1);
    expect(moveHighlight(0, 'ArrowUp', 0)).toBe(-1);
  });

  it('caches results per query, case and spacing insensitive (one query key)', () => {
    expect(stopSearchQuery('Oslo ').queryKey).toEqual(stopSearchQuery('oslo').queryKey);
    expect(stopSearchQuery('Øvre').queryKey).toEqual(stopSearchQuery('øvre').queryKey);
    expect(stopSearchQuery('osl').queryKey).not.toEqual(stopSearchQuery('oslo').queryKey);
  });
});
