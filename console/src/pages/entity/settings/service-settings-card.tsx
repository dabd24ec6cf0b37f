import { DISPLAY_MODULES } from '@oppslag/common/display-modules.ts';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../api/entities.api';
import { Checkbox } from '../../../components/field';
import { CardForm } from './card-form';
import { useEntityForm } from './use-entity-form';

const KEYS = ['services'] as const;

/**
 * Which display modules are on for this entity and below. An unticked module is sent as false;
 * a module this entity never set inherits from above (shown ticked).
 */
export function ServiceSettingsCard({ entity, readOnly }: { entity: Entity; readOnly: boolean }) {
  const { t } = useTranslation('entity');
  const { values, set, submit, form } = useEntityForm(entity, KEYS, {
    success: t('settings.services.success'),
    error: t('settings.services.error'),
  });
  const services = values.services ?? {};
  return (
    <CardForm
      title={t('settings.services.title')}
      onSubmit={submit}
      state={form}
      submitting={form.submitting}
      readOnly={readOnly}
      testId="service-settings"
    >
      <div className="grid grid-cols-2 gap-2">
        {DISPLAY_MODULES.map((name) => (
          <Checkbox
            key={name}
            label={t(`services.names.${name}`)}
            checked={services[name] !== false}
            onChange={(e) => set('services', { ...services, [name]: e.target.checked })}
          />
        ))}
      </div>
    </CardForm>
  );
}
