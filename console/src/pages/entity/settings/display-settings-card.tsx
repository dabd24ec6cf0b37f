import { NOTE_BOARD_SWATCHES } from '@oppslag/common/constants.ts';
import { isOneOf } from '@oppslag/common/one-of.ts';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../api/entities.api';
import { SelectField } from '../../../components/field';
import { useIsAdmin } from '../../../state/permissions';
import { CardForm } from './card-form';
import { useEntityForm } from './use-entity-form';

const KEYS = ['orientation', 'largePrint', 'displayInformation', 'noteBoardBackgroundColor'] as const;
/** The select's values for the three states of an inherited switch. */
const LARGE_PRINT = { inherit: null, on: true, off: false } as const;
const LARGE_PRINT_CHOICES = ['inherit', 'on', 'off'] as const;

export function DisplaySettingsCard({ entity, readOnly }: { entity: Entity; readOnly: boolean }) {
  const { t } = useTranslation('entity');
  const isAdmin = useIsAdmin();
  const { values, set, submit, errors, form } = useEntityForm(entity, KEYS, {
    success: t('settings.display.success'),
    error: t('settings.display.error'),
  });
  return (
    <CardForm
      title={t('settings.display.title')}
      onSubmit={submit}
      state={form}
      submitting={form.submitting}
      readOnly={readOnly}
      testId="display-settings"
    >
      {isAdmin && (
        <SelectField
          label={t('fields.orientation')}
          value={values.orientation}
          onChange={(e) => set('orientation', Number.parseInt(e.target.value, 10))}
        >
          <option value={0}>{t('settings.display.horizontal')}</option>
          <option value={1}>{t('settings.display.vertical')}</option>
        </SelectField>
      )}
      <SelectField
        label={t('fields.largePrint')}
        value={values.largePrint === null ? 'inherit' : values.largePrint ? 'on' : 'off'}
        onChange={(e) =>
          isOneOf(LARGE_PRINT_CHOICES, e.target.value) && set('largePrint', LARGE_PRINT[e.target.value])
        }
      >
        <option value="inherit">{t('settings.display.largePrintInherit')}</option>
        <option value="on">{t('settings.display.largePrintOn')}</option>
        <option value="off">{t('settings.display.largePrintOff')}</option>
      </SelectField>
      <div className="flex flex-col gap-1">
        <label htmlFor="display-information" className="text-sm font-medium text-slate-700">
          {t('fields.displayInformation')}
        </label>
        <textarea
          id="display-information"
          rows={4}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm outline-none focus:ring-2 focus:ring-primary-500"
          value={values.displayInformation ?? ''}
          onChange={(e) => set('displayInformation', e.target.value)}
        />
        {errors.displayInformation && <p className="text-sm text-red-700">{errors.displayInformation}</p>}
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">
          {t('fields.noteBoardBackgroundColor')}
        </legend>
        <div className="flex flex-wrap gap-2">
          {NOTE_BOARD_SWATCHES.map((color) => (
            <label key={color} title={color} className="cursor-pointer">
              <input
                type="radio"
                name="noteBoardBackgroundColor"
                value={color}
                className="peer sr-only"
                checked={values.noteBoardBackgroundColor === color}
                onChange={() => set('noteBoardBackgroundColor', color)}
              />
              <span className="sr-only">{color}</span>
              <span
                aria-hidden="true"
                className="block size-9 rounded-full border-2 border-slate-300 peer-checked:border-primary-700 peer-checked:ring-2 peer-checked:ring-primary-500 peer-focus-visible:outline-2 peer-focus-visible:outline-primary-500"
                style={{ backgroundColor: color }}
              />
            </label>
          ))}
        </div>
      </fieldset>
    </CardForm>
  );
}
