import { ALERT_TEMPLATES, type AlertInput, alertInputSchema, alertText } from '@oppslag/common/alerts.ts';
import { contract } from '@oppslag/common/contract/index.ts';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Alert } from '../../../api/alerts.api';
import { call } from '../../../api/typed-client';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/dialog';
import { SelectField, TextField } from '../../../components/field';
import { FormResult } from '../../../components/form-result';
import { useSchemaForm } from '../../../lib/use-schema-form';

/** Expiry choices in hours; 0 holds the alert until someone gives the all clear. */
const EXPIRY_HOURS = [1, 2, 4, 8, 24, 0] as const;

/**
 * The dialog's fields become the API's alert body (a template or free text, times only when given,
 * the expiry as an instant), which the API's own alertInputSchema then checks: its refusals carry
 * the body's paths, which are the fields' names.
 */
const alertFormSchema = z
  .object({
    choice: z.union([z.enum(ALERT_TEMPLATES), z.literal('free')]),
    title: z.string(),
    text: z.string(),
    from: z.string(),
    to: z.string(),
    hours: z.coerce.number(),
  })
  .transform(
    ({ choice, title, text, from, to, hours }): AlertInput => ({
      ...(choice === 'free'
        ? { title: title.trim() || undefined, text: text.trim() || undefined }
        : { template: choice }),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(hours > 0 ? { expiresAt: new Date(Date.now() + hours * 3_600_000).toISOString() } : {}),
    }),
  )
  .pipe(alertInputSchema);

/**
 * The "Akuttvarsel" dialog: a ready template (with optional from/to times) or free text, and how
 * long it holds. The preview is the screen's own words (common's alertText), in the console's language.
 */
export function AlertDialog({
  entityId,
  open,
  onClose,
  onRaised,
}: {
  entityId: number;
  open: boolean;
  onClose: () => void;
  onRaised: (alert: Alert) => void;
}) {
  const { t, i18n } = useTranslation('alerts');
  const language = i18n.language === 'en' ? 'en' : 'no';
  const form = useSchemaForm(alertFormSchema, {
    defaultValues: { choice: 'water-leak', title: '', text: '', from: '', to: '', hours: 4 },
  });
  const { choice, title, text, from, to } = form.watch();
  const { errors } = form.formState;
  const free = choice === 'free';
  const draft = {
    template: free ? null : choice,
    title: free ? title.trim() || null : null,
    text: free ? text.trim() || null : null,
    from: from || null,
    to: to || null,
  };
  const preview = alertText(draft, language);

  const submit = form.onSubmit(
    async (body) => {
      const raised = await call(contract.alerts.create, { params: { id: entityId }, body });
      onRaised(raised);
      onClose();
      return raised;
    },
    { success: t('raised'), error: t('raiseFailed'), shown: ['title', 'text', 'from', 'to'] },
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={<span className="text-red-800">{t('dialogTitle')}</span>}
      maxWidth="max-w-2xl"
      persistent={form.result.submitting}
      fullScreenOnMobile
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="alert-dialog">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('template')}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {[...ALERT_TEMPLATES, 'free' as const].map((option) => (
              <label
                key={option}
                className={`flex cursor-pointer items-center gap-2 rounded-md border-2 px-3 py-2 text-sm font-medium ${
                  choice === option
                    ? 'border-red-700 bg-red-50 text-red-900'
                    : 'border-slate-300 text-slate-800'
                }`}
              >
                <input type="radio" {...form.register('choice')} value={option} className="accent-red-700" />
                {option === 'free'
                  ? t('freeText')
                  : alertText({ ...draft, template: option, title: null, text: null }, language).title}
              </label>
            ))}
          </div>
        </fieldset>
        {free && (
          <>
            <TextField label={t('title')} maxLength={80} {...form.field('title')} />
            <div className="flex flex-col gap-1">
              <label htmlFor="alert-text" className="text-sm font-medium text-slate-700">
                {t('text')}
              </label>
              <textarea
                id="alert-text"
                rows={3}
                maxLength={500}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm outline-none focus:ring-2 focus:ring-primary-500"
                {...form.register('text')}
              />
              {errors.text && <p className="text-sm text-red-700">{errors.text.message}</p>}
            </div>
          </>
        )}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <TextField label={t('from')} type="time" {...form.field('from')} />
          <TextField label={t('to')} type="time" {...form.field('to')} />
          <SelectField label={t('expiry')} {...form.register('hours')}>
            {EXPIRY_HOURS.map((h) => (
              <option key={h} value={h}>
                {h === 0 ? t('untilCleared') : t('hours', { count: h })}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="rounded-md bg-[#a50000] px-4 py-3 text-white" data-testid="alert-preview">
          <p className="text-xs tracking-wide uppercase opacity-80">{t('preview')}</p>
          <p className="text-lg font-bold">{preview.title}</p>
          {preview.text && <p>{preview.text}</p>}
        </div>
        <p className="text-xs text-slate-600">{t('reach')}</p>
        <FormResult state={form.result} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={form.result.submitting}>
            {t('send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
