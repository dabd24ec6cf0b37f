import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../api/entities.api';
import { SelectField, TextField } from '../../../components/field';
import { useEntities } from '../../../state/entities';
import { canMoveTo } from '../../../state/entities.reducer';
import { useIsAdmin } from '../../../state/permissions';
import { CardForm } from './card-form';
import { useEntityForm } from './use-entity-form';

const KEYS = ['name', 'parentId', 'street', 'zip', 'city', 'phoneNumber', 'orgnum'] as const;

export function EntitySettingsCard({ entity, readOnly }: { entity: Entity; readOnly: boolean }) {
  const { t } = useTranslation('entity');
  const isAdmin = useIsAdmin();
  const { byId } = useEntities();
  const { values, set, submit, errors, form } = useEntityForm(entity, KEYS, {
    success: t('settings.entity.success'),
    error: t('settings.entity.error'),
  });
  return (
    <CardForm
      title={t('settings.entity.title')}
      onSubmit={submit}
      state={form}
      submitting={form.submitting}
      readOnly={readOnly}
      testId="entity-settings"
    >
      <TextField
        label={t('fields.name')}
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        error={errors.name}
        required
      />
      {isAdmin && entity.parentId !== null && (
        <SelectField
          label={t('fields.parent')}
          value={values.parentId ?? ''}
          onChange={(e) => set('parentId', Number.parseInt(e.target.value, 10))}
        >
          {Object.values(byId)
            .filter((p) => p.id === entity.parentId || canMoveTo(byId, entity.id, p.id))
            .sort((a, b) => a.name.localeCompare(b.name, 'nb'))
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
        </SelectField>
      )}
      <TextField
        label={t('fields.street')}
        value={values.street ?? ''}
        onChange={(e) => set('street', e.target.value)}
        error={errors.street}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField
          label={t('fields.zip')}
          value={values.zip ?? ''}
          onChange={(e) => set('zip', e.target.value)}
          error={errors.zip}
          inputMode="numeric"
        />
        <TextField
          label={t('fields.city')}
          value={values.city ?? ''}
          onChange={(e) => set('city', e.target.value)}
          error={errors.city}
          className="sm:col-span-2"
        />
      </div>
      <TextField
        label={t('fields.phoneNumber')}
        type="tel"
        value={values.phoneNumber ?? ''}
        onChange={(e) => set('phoneNumber', e.target.value)}
        error={errors.phoneNumber}
      />
      <TextField
        label={t('fields.orgnum')}
        value={values.orgnum ?? ''}
        onChange={(e) => set('orgnum', e.target.value)}
        error={errors.orgnum}
      />
    </CardForm>
  );
}
