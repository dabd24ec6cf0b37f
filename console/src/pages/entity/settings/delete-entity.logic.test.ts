import { describe, expect, it } from 'vitest';
import { canDelete, type DeleteChoice, deleteBody } from './delete-entity.logic';

const choice = (c: Partial<DeleteChoice>): DeleteChoice => ({
  typedName: '',
  mode: 'delete',
  confirmChildren: false,
  moveTo: null,
  ...c,
});

describe('delete entity rules', () => {
  it('needs the exact name', () => {
    expect(canDelete('Blokk A', false, choice({ typedName: 'Blokk A' }))).toBe(true);
    expect(canDelete('Blokk A', false, choice({ typedName: 'blokk a' }))).toBe(false);
    expect(canDelete('Blokk A', false, choice({ typedName: 'Blokk A ' }))).toBe(false);
  });

  it('with children needs the tick to delete them, or a target to move them to', () => {
    expect(canDelete('X', true, choice({ typedName: 'X' }))).toBe(false);
    expect(canDelete('X', true, choice({ typedName: 'X', confirmChildren: true }))).toBe(true);
    expect(canDelete('X', true, choice({ typedName: 'X', mode: 'move' }))).toBe(false);
    expect(canDelete('X', true, choice({ typedName: 'X', mode: 'move', moveTo: 4 }))).toBe(true);
  });

  it('sends withChildren or moveTo', () => {
    expect(deleteBody(false, choice({}))).toEqual({});
    expect(deleteBody(true, choice({ confirmChildren: true }))).toEqual({ withChildren: true });
    expect(deleteBody(true, choice({ mode: 'move', moveTo: 9 }))).toEqual({ moveTo: 9 });
  });
});
