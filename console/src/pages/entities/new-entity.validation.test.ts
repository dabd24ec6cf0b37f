import { fieldErrorsOf } from '@oppslag/common/field-errors.ts';
import { describe, expect, it } from 'vitest';
import { NEW_ENTITY_TEXTS, newEntityFormSchema } from './new-entity.validation';

const base = { name: 'Blokk A', type: 'group', parentId: '4', codeWord: '' };

/** The refused fields of a form as their spec §5 i18n keys (what the dialog shows). */
function refusals(form: typeof base) {
  const parsed = newEntityFormSchema.safeParse(form);
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.error.issues
      .flatMap((issue) => fieldErrorsOf(issue, form))
      .map((f) => [f.path, NEW_ENTITY_TEXTS[f.path]?.[f.code] ?? f.code]),
  );
}

describe('newEntityFormSchema', () => {
  it('turns the form into the request body: only defined values, the parent as a number', () => {
    expect(newEntityFormSchema.parse(base)).toEqual({ name: 'Blokk A', type: 'group', parentId: 4 });
    expect(
      JSON.parse(JSON.stringify(newEntityFormSchema.parse({ ...base, parentId: '', codeWord: ' GRONN ' }))),
    ).toEqual({
      name: 'Blokk A',
      type: 'group',
      codeWord: 'GRONN',
    });
  });

  it('gives the spec §5 message for each broken rule', () => {
    expect(refusals({ ...base, name: ' ab ' })).toEqual({ name: 'entities:validation.nameTooShort' });
    expect(refusals({ ...base, name: 'x'.repeat(256) })).toEqual({ name: 'entities:validation.nameTooLong' });
    expect(refusals({ ...base, type: 'planet' })).toEqual({ type: 'entities:validation.typeInvalid' });
    expect(refusals({ ...base, codeWord: 'ab' })).toEqual({
      codeWord: 'entities:validation.codeWordTooShort',
    });
    expect(refusals({ ...base, codeWord: 'abcdefghijk' })).toEqual({
      codeWord: 'entities:validation.codeWordTooLong',
    });
    expect(refusals({ ...base, parentId: 'x' })).toEqual({ parentId: 'entities:validation.parentInvalid' });
  });
});
