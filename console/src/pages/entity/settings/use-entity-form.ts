import { contract } from '@oppslag/common/contract/index.ts';
import { type UpdateEntityInput, updateEntitySchema } from '@oppslag/common/schemas/entity.ts';
import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import type { Entity } from '../../../api/entities.api';
import { call } from '../../../api/typed-client';
import { errorTexts, useSchemaForm } from '../../../lib/use-schema-form';
import { storeEntity } from '../../../state/entities';

type Keys = keyof UpdateEntityInput & keyof Entity;

/**
 * One settings card's form over some entity fields, on react-hook-form and checked by the API's
 * own update schema for those fields (empty text means "no value" on nullable fields). Only
 * changed values are sent, with the id (spec §5); the result message shows for 5 seconds. A live
 * update of the entity refreshes the fields unless the user has edited them.
 */
export function useEntityForm<K extends Keys>(
  entity: Entity,
  keys: readonly K[],
  messages: { success: string; error: string },
) {
  // The form holds the whole entity (typed paths, no picking); the card's keys alone are checked
  // and sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a card's keys are a constant
  const schema = useMemo(
    () =>
      z
        .custom<Entity>()
        .transform((v): Record<string, unknown> => Object.fromEntries(keys.map((k) => [k, normalize(v[k])])))
        .pipe(updateEntitySchema),
    [],
  );
  const form = useSchemaForm(schema, { defaultValues: entity });
  const dirty = form.formState.isDirty;
  const { reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the stored entity while untouched
  useEffect(() => {
    if (!dirty) reset(entity);
  }, [entity]);

  const values = form.watch();
  const set: typeof form.setValue = (key, value) => form.setValue(key, value, { shouldDirty: true });

  const submit = form.onSubmit(
    async (checked) => {
      const changed: Partial<UpdateEntityInput> = {};
      for (const k of keys) if (!same(checked[k], entity[k])) changed[k] = checked[k];
      const updated = await call(contract.entities.update, {
        params: { id: entity.id },
        body: { ...changed, id: entity.id },
      });
      storeEntity(updated);
      reset(updated);
      return updated;
    },
    { ...messages, shown: keys.map(String) },
  );

  // A refused field's reason shows by that field until the next submit, by its dot path.
  const errors = errorTexts(form.formState.errors);
  return { values, set, submit, dirty, errors, form: form.result };
}

/** Empty text means "no value" on nullable fields. */
function normalize(value: unknown) {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));
