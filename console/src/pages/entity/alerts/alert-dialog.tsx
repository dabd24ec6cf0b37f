import { ALERT_TEMPLATES, type AlertTemplate, alertText } from '@oppslag/common/alerts.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Alert, alertsApi } from '../../../api/alerts.api';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/dialog';
import { SelectField, TextField } from '../../../components/field';
import { FormResult } from '../../../components/form-result';
import { useFormState } from '../../../lib/use-form-state';

/** Expiry choices in hours; 0 holds the alert until someone gives the all clear. */
const EXPIRY_HOURS = [1, 2, 4, 8, 24, 0] as const;

type Choice = AlertTemplate | 'free';

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
  const [choice, setChoice] = useState<Choice>('water-leak');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [hours, setHours] = useState<number>(4);
  const form = useFormState();
  const free = choice === 'free';
  const draft = {
    template: free ? null : choice,
    title: free ? title.trim() || null : null,
    text: free ? text.trim() || null : null,
    from: from || null,
    to: to || null,
  };
  const preview = alertText(draft, language);

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const raised = await form.submit(
      () =>
        alertsApi.raise(entityId, {
          ...(free
            ? { title: draft.title ?? undefined, text: draft.text ?? undefined }
            : { template: choice }),
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
          ...(hours > 0 ? { expiresAt: new Date(Date.now() + hours * 3_600_000).toISOString() } : {}),
        }),
      { success: t('raised'), error: t('raiseFailed'), shown: ['title', 'text', 'from', 'to'] },
    );
    if (raised) {
      onRaised(raised);
      onClose();
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={<span className="text-red-800">{t('dialogTitle')}</span>}
      maxWidth="max-w-2xl"
      persistent={form.submitting}
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
                <input
                  type="radio"
                  name="alert-template"
                  value={option}
                  checked={choice === option}
                  onChange={() => setChoice(option)}
                  className="accent-red-700"
                />
                {option === 'free'
                  ? t('freeText')
                  : alertText({ ...draft, template: option, title: null, text: null }, language).title}
              </label>
            ))}
          </div>
        </fieldset>
        {free && (
          <>
            <TextField
              label={t('title')}
              value={title}
              maxLength={80}
              onChange={(e) => setTitle(e.target.value)}
              error={form.fields.title}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="alert-text" className="text-sm font-medium text-slate-700">
                {t('text')}
              </label>
              <textarea
                id="alert-text"
                rows={3}
                maxLength={500}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm outline-none focus:ring-2 focus:ring-primary-500"
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
              {form.fields.text && <p className="text-sm text-red-700">{form.fields.text}</p>}
            </div>
          </>
        )}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <TextField
            label={t('from')}
            type="time"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={form.fields.from}
          />
          <TextField
            label={t('to')}
            type="time"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={form.fields.to}
          />
          <SelectField label={t('expiry')} value={hours} onChange={(e) => setHours(Number(e.target.value))}>
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
        <FormResult state={form} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={form.submitting}>
            {t('send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
