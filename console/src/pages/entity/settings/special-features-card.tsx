import { contract } from '@oppslag/common/contract/index.ts';
import { offeredSlots } from '@oppslag/common/feature-sets.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../api/entities.api';
import { call } from '../../../api/typed-client';
import { Checkbox } from '../../../components/field';
import { useFeatureSet } from '../../../lib/server-info';
import { useFormState } from '../../../lib/use-form-state';
import { storeEntity } from '../../../state/entities';
import { CardForm } from './card-form';

/** Admins switch the entity's special features (content slots); the update sends features and id. */
export function SpecialFeaturesCard({ entity }: { entity: Entity }) {
  const { t } = useTranslation('entity');
  const [features, setFeatures] = useState<string[]>(entity.features);
  const form = useFormState();
  // Only what the installation's feature set offers (ads are off in the oppslag set).
  const offered = offeredSlots(useFeatureSet());
  useEffect(() => setFeatures(entity.features), [entity.features]);

  const toggle = (name: string, on: boolean) =>
    setFeatures((f) => (on ? [...new Set([...f, name])] : f.filter((x) => x !== name)));

  const submit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    void form.submit(
      async () => {
        const updated = await call(contract.entities.update, {
          params: { id: entity.id },
          body: { id: entity.id, features },
        });
        storeEntity(updated);
        return updated;
      },
      { success: t('settings.features.success'), error: t('settings.features.error') },
    );
  };

  return (
    <CardForm
      title={t('settings.features.title')}
      onSubmit={submit}
      state={form}
      submitting={form.submitting}
      submitLabel={t('settings.features.update')}
      testId="special-features"
    >
      <p className="text-sm text-slate-600">{t('settings.features.intro')}</p>
      <div className="grid grid-cols-2 gap-2">
        {offered.map((name) => (
          <Checkbox
            key={name}
            label={t(`settings.features.names.${name}`)}
            checked={features.includes(name)}
            onChange={(e) => toggle(name, e.target.checked)}
          />
        ))}
      </div>
    </CardForm>
  );
}
