import { type UpdateEntityInput, updateEntitySchema } from '@oppslag/common/schemas/entity.ts';
import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import { type Entity, entitiesApi } from '../../../api/entities.api';
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: a card's keys are a constant
  const schema = useMemo(
    () =>
      z.preprocess(
        (v) => Object.fromEntries(Object.entries(v as object).map(([k, value]) => [k, normalize(value)])),
        updateEntitySchema.pick(Object.fromEntries(keys.map((k) => [k, true])) as never),
      ) as unknown as z.ZodType<Record<string, unknown>, Record<string, unknown>>,
    [],
  );
  const pick = () => Object.fromEntries(keys.map((k) => [k, entity[k]])) as Pick<Entity, K>;
  const form = useSchemaForm(schema, { defaultValues: pick() as never });
  const dirty = form.formState.isDirty;
  const { reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the stored entity while untouched
  useEffect(() => {
    if (!dirty) reset(pick() as never);
  }, [entity]);

  const values = form.watch() as unknown as Pick<Entity, K>;
  const set = <F extends K>(key: F, value: Pick<Entity, K>[F]) =>
    form.setValue(key as never, value as never, { shouldDirty: true });

  const submit = form.onSubmit(
    async (parsed) => {
      const checked = parsed as Record<string, unknown>;
      const changed: Record<string, unknown> = {};
      for (const k of keys) if (!same(checked[k], entity[k])) changed[k] = checked[k];
      const updated = await entitiesApi.update(entity.id, { id: entity.id, ...changed } as UpdateEntityInput);
      storeEntity(updated);
      reset(Object.fromEntries(keys.map((k) => [k, updated[k]])) as never);
      return updated;
    },
    { ...messages, shown: keys as readonly string[] },
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
