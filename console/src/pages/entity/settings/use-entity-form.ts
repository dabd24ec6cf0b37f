import type { UpdateEntityInput } from '@oppslag/common/schemas/entity.ts';
import { useEffect, useState } from 'react';
import { type Entity, entitiesApi } from '../../../api/entities.api';
import { useFormState } from '../../../lib/use-form-state';
import { storeEntity } from '../../../state/entities';

/**
 * One settings card's form over some entity fields. Only changed values are sent, with the id
 * (spec §5); the result message shows for 5 seconds. A live update of the entity refreshes the
 * fields unless the user has edited them.
 */
export function useEntityForm<K extends keyof UpdateEntityInput & keyof Entity>(
  entity: Entity,
  keys: readonly K[],
  messages: { success: string; error: string },
) {
  const pick = () => Object.fromEntries(keys.map((k) => [k, entity[k]])) as Pick<Entity, K>;
  const [values, setValues] = useState(pick);
  const [dirty, setDirty] = useState(false);
  const form = useFormState();

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the stored entity while untouched
  useEffect(() => {
    if (!dirty) setValues(pick());
  }, [entity]);

  const set = <F extends K>(key: F, value: Pick<Entity, K>[F]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setDirty(true);
  };

  const submit = async (e?: { preventDefault(): void }) => {
    e?.preventDefault();
    const changed: Record<string, unknown> = {};
    for (const k of keys) if (values[k] !== entity[k]) changed[k as string] = normalize(values[k]);
    await form.submit(
      async () => {
        const updated = await entitiesApi.update(entity.id, {
          id: entity.id,
          ...changed,
        } as UpdateEntityInput);
        storeEntity(updated);
        setDirty(false);
        return updated;
      },
      { ...messages, shown: keys as readonly string[] },
    );
  };

  // A refused field's reason shows by that field until the next submit.
  return { values, set, submit, dirty, errors: form.fields, form };
}

/** Empty text means "no value" on nullable fields. */
function normalize(value: unknown) {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}
