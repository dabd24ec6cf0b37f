import { createEntitySchema } from '@oppslag/common/schemas/entity.ts';
import { describe, expect, it } from 'vitest';
import { newEntityPayload, validateNewEntity } from './new-entity.validation';

const base = { name: 'Blokk A', type: 'group', parentId: '4', codeWord: '' };

describe('validateNewEntity', () => {
  it('accepts a valid entity and sends only defined values', () => {
    expect(validateNewEntity(base)).toEqual({});
    expect(newEntityPayload(base)).toEqual({ name: 'Blokk A', type: 'group', parentId: 4 });
    expect(newEntityPayload({ ...base, parentId: '', codeWord: ' GRONN ' })).toEqual({
      name: 'Blokk A',
      type: 'group',
      codeWord: 'GRONN',
    });
  });

  it('gives the spec §5 message for each broken rule', () => {
    expect(validateNewEntity({ ...base, name: ' ab ' }).name).toBe('validation.nameTooShort');
    expect(validateNewEntity({ ...base, name: 'x'.repeat(256) }).name).toBe('validation.nameTooLong');
    expect(validateNewEntity({ ...base, type: 'planet' }).type).toBe('validation.typeInvalid');
    expect(validateNewEntity({ ...base, codeWord: 'ab' }).codeWord).toBe('validation.codeWordTooShort');
    expect(validateNewEntity({ ...base, codeWord: 'abcdefghijk' }).codeWord).toBe(
      'validation.codeWordTooLong',
    );
  });

  it('agrees with the API schema on what is valid', () => {
    const cases = [
      base,
      { ...base, name: 'ab' },
      { ...base, name: 'x'.repeat(255) },
      { ...base, name: 'x'.repeat(256) },
      { ...base, type: 'display', codeWord: 'abc' },
      { ...base, codeWord: 'abcdefghij' },
      { ...base, codeWord: 'abcdefghijk' },
      { ...base, type: 'planet' },
    ];
    for (const form of cases) {
      const local = Object.keys(validateNewEntity(form)).length === 0;
      expect(createEntitySchema.safeParse(newEntityPayload(form)).success, JSON.stringify(form)).toBe(local);
    }
  });
});
