import { isOneOf } from '@oppslag/common/one-of.ts';
import { QUIET_HOURS_MODES, type QuietHours } from '@oppslag/common/quiet-hours.ts';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../api/entities.api';
import { SelectField, TextField } from '../../../components/field';
import { CardForm } from './card-form';
import { useEntityForm } from './use-entity-form';

const KEYS = ['quietHours'] as const;
const DEFAULT_WINDOW = { start: '23:00', end: '06:00' };

/**
 * Quiet hours (issue 16): screens below blank or dim in a nightly window (Europe/Oslo, may run
 * past midnight). "Inherit" leaves the nearest ancestor's setting in force; "off" stops it here.
 * Emergency alerts wake the screen whatever this says.
 */
export function QuietHoursCard({ entity, readOnly }: { entity: Entity; readOnly: boolean }) {
  const { t } = useTranslation('entity');
  const { values, set, submit, errors, form } = useEntityForm(entity, KEYS, {
    success: t('settings.quietHours.success'),
    error: t('settings.quietHours.error'),
  });
  const quiet = values.quietHours;
  const mode = quiet?.mode ?? 'inherit';
  const window = quiet ?? { ...DEFAULT_WINDOW, mode: 'blank' as const };
  const update = (patch: Partial<QuietHours>) => set('quietHours', { ...window, ...patch });
  return (
    <CardForm
      title={t('settings.quietHours.title')}
      onSubmit={submit}
      state={form}
      submitting={form.submitting}
      readOnly={readOnly}
      testId="quiet-hours-settings"
    >
      <p className="text-sm text-slate-600">{t('settings.quietHours.intro')}</p>
      <SelectField
        label={t('settings.quietHours.mode')}
        value={mode}
        onChange={(e) =>
          e.target.value === 'inherit'
            ? set('quietHours', null)
            : isOneOf(QUIET_HOURS_MODES, e.target.value) && update({ mode: e.target.value })
        }
      >
        <option value="inherit">{t('settings.quietHours.inherit')}</option>
        <option value="blank">{t('settings.quietHours.blank')}</option>
        <option value="dim">{t('settings.quietHours.dim')}</option>
        <option value="off">{t('settings.quietHours.off')}</option>
      </SelectField>
      {quiet && quiet.mode !== 'off' && (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('settings.quietHours.start')}
            type="time"
            value={window.start}
            onChange={(e) => update({ start: e.target.value })}
            error={errors['quietHours.start']}
          />
          <TextField
            label={t('settings.quietHours.end')}
            type="time"
            value={window.end}
            onChange={(e) => update({ end: e.target.value })}
            error={errors['quietHours.end']}
          />
        </div>
      )}
      {errors.quietHours && <p className="text-sm text-red-700">{errors.quietHours}</p>}
    </CardForm>
  );
}
