import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../api/entities.api';
import { CardForm } from './card-form';
import { useEntityForm } from './use-entity-form';

const KEYS = ['bannerFallbackText'] as const;

/** The text shown in the banner section when no banner is active. */
export function BannerSettingsCard({ entity, readOnly }: { entity: Entity; readOnly: boolean }) {
  const { t } = useTranslation('entity');
  const { values, set, submit, errors, form } = useEntityForm(entity, KEYS, {
    success: t('settings.banner.success'),
    error: t('settings.banner.error'),
  });
  return (
    <CardForm
      title={t('settings.banner.title')}
      onSubmit={submit}
      state={form}
      submitting={form.submitting}
      readOnly={readOnly}
      testId="banner-settings"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="banner-fallback" className="text-sm font-medium text-slate-700">
          {t('fields.bannerFallbackText')}
        </label>
        <textarea
          id="banner-fallback"
          rows={3}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm outline-none focus:ring-2 focus:ring-primary-500"
          value={values.bannerFallbackText ?? ''}
          onChange={(e) => set('bannerFallbackText', e.target.value)}
        />
        {errors.bannerFallbackText && <p className="text-sm text-red-700">{errors.bannerFallbackText}</p>}
      </div>
    </CardForm>
  );
}
