import {
  CODE_WORD_MAX,
  CODE_WORD_MIN,
  ENTITY_NAME_MAX,
  ENTITY_NAME_MIN,
  ENTITY_TYPES,
} from '@oppslag/common/constants.ts';

export interface NewEntityForm {
  name: string;
  type: string;
  parentId: string;
  codeWord: string;
}

/** i18n keys (namespace entities) of the spec §5 messages. */
export type NewEntityErrors = Partial<Record<keyof NewEntityForm, string>>;

/**
 * The create-entity rules of spec §5, checked before sending so the dialog can answer at once;
 * the API applies the same rules (common/src/schemas/entity.ts) and has the last word.
 */
export function validateNewEntity(form: NewEntityForm): NewEntityErrors {
  const errors: NewEntityErrors = {};
  const name = form.name.trim();
  if (name.length < ENTITY_NAME_MIN) errors.name = 'validation.nameTooShort';
  else if (name.length > ENTITY_NAME_MAX) errors.name = 'validation.nameTooLong';
  if (!(ENTITY_TYPES as readonly string[]).includes(form.type)) errors.type = 'validation.typeInvalid';
  if (form.parentId && !/^\d+$/.test(form.parentId)) errors.parentId = 'validation.parentInvalid';
  const codeWord = form.codeWord.trim();
  if (codeWord) {
    if (codeWord.length < CODE_WORD_MIN) errors.codeWord = 'validation.codeWordTooShort';
    else if (codeWord.length > CODE_WORD_MAX) errors.codeWord = 'validation.codeWordTooLong';
    else if (/\s/.test(codeWord)) errors.codeWord = 'validation.codeWordOneWord';
  }
  return errors;
}

/** The request body: only defined values are sent (spec §5), the parent id parsed as an integer. */
export function newEntityPayload(form: NewEntityForm) {
  return {
    name: form.name.trim(),
    type: form.type as (typeof ENTITY_TYPES)[number],
    ...(form.parentId ? { parentId: Number.parseInt(form.parentId, 10) } : {}),
    ...(form.codeWord.trim() ? { codeWord: form.codeWord.trim() } : {}),
  };
}
