import type { SmsUsage } from '@oppslag/common/schemas/sms.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../api/entities.api';
import { queryClient } from '../../../api/query-client';
import { smsUsageQuery } from '../../../api/screen-queries';
import { Checkbox, TextField } from '../../../components/field';
import { useIsAdmin } from '../../../state/permissions';
import { CardForm } from './card-form';
import { useEntityForm } from './use-entity-form';

const KEYS = ['codeWord', 'showCodeWord', 'smsDailyReplyLimit', 'smsMonthlyBudget'] as const;

/** A number input's text as the integer the API takes (NaN stays NaN, so the server names the field). */
const toInt = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * SMS settings: the code word (admins edit it), whether the display shows the SMS hint, and on an
 * organization the caps on replies: per resident number per day, and the monthly SMS budget. Those
 * who may edit see this month's use, and a warning once a cap has been reached.
 */
export function SmsSettingsCard({ entity, readOnly }: { entity: Entity; readOnly: boolean }) {
  const { t } = useTranslation('entity');
  const isAdmin = useIsAdmin();
  const { values, set, submit, errors, form } = useEntityForm(entity, KEYS, {
    success: t('settings.sms.success'),
    error: t('settings.sms.error'),
  });
  const usage = useSmsUsage(entity, readOnly);
  const isOrganization = entity.type === 'organization';
  return (
    <CardForm
      title={t('settings.sms.title')}
      onSubmit={submit}
      state={form}
      submitting={form.submitting}
      readOnly={readOnly}
      testId="sms-settings"
    >
      <TextField
        label={t('fields.codeWord')}
        value={values.codeWord ?? ''}
        onChange={(e) => set('codeWord', e.target.value)}
        error={errors.codeWord}
        disabled={!isAdmin}
        hint={t('settings.sms.codeWordHint')}
      />
      <Checkbox
        label={t('fields.showCodeWord')}
        checked={values.showCodeWord}
        onChange={(e) => set('showCodeWord', e.target.checked)}
      />
      {isOrganization ? (
        <div className="flex flex-col gap-4">
          <TextField
            type="number"
            min={0}
            inputMode="numeric"
            label={t('fields.smsDailyReplyLimit')}
            value={Number.isNaN(values.smsDailyReplyLimit) ? '' : String(values.smsDailyReplyLimit)}
            onChange={(e) => set('smsDailyReplyLimit', toInt(e.target.value))}
            error={errors.smsDailyReplyLimit}
            hint={t('settings.sms.dailyReplyLimitHint')}
            data-testid="sms-daily-limit"
          />
          <TextField
            type="number"
            min={0}
            inputMode="numeric"
            label={t('fields.smsMonthlyBudget')}
            value={Number.isNaN(values.smsMonthlyBudget) ? '' : String(values.smsMonthlyBudget)}
            onChange={(e) => set('smsMonthlyBudget', toInt(e.target.value))}
            error={errors.smsMonthlyBudget}
            hint={t('settings.sms.monthlyBudgetHint')}
            data-testid="sms-monthly-budget"
          />
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t('settings.sms.capsOnOrganization')}</p>
      )}
      {usage && usage.budget !== null && (
        <p className="text-sm text-slate-600" data-testid="sms-usage">
          {t('settings.sms.usage', { used: usage.used, budget: usage.budget })}
        </p>
      )}
      {usage?.budgetReached && (
        <p
          role="alert"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="sms-budget-reached"
        >
          {t('settings.sms.budgetReached')}
        </p>
      )}
      {usage && usage.dailyLimitReached.length > 0 && (
        <p
          role="alert"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="sms-daily-reached"
        >
          {t('settings.sms.dailyLimitReached', { count: usage.dailyLimitReached.length })}
        </p>
      )}
    </CardForm>
  );
}

/** This month's SMS use of the entity's organization (none shown when it cannot be read). */
function useSmsUsage(entity: Entity, readOnly: boolean): SmsUsage | null {
  const query = useQuery(
    // The last answer stays shown while a saved cap's new one loads.
    {
      ...smsUsageQuery(entity.id, entity.updatedAt),
      enabled: !readOnly,
      placeholderData: (previous) => previous,
    },
    queryClient,
  );
  return query.data ?? null;
}
