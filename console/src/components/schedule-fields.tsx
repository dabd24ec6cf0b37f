import { describeSchedule, type ScheduleLike } from '@oppslag/common/schedule.ts';
import { useTranslation } from 'react-i18next';
import { Checkbox, TextField } from './field';

export interface ScheduleDraft {
  weekdays: number[];
  from: string;
  to: string;
  until: string;
}

export const defaultScheduleDraft = (): ScheduleDraft => ({
  weekdays: [],
  from: '08:00',
  to: '15:00',
  until: '',
});

/** The draft from a stored schedule (null: no repeat). */
export const scheduleDraftOf = (s: ScheduleLike | null | undefined): ScheduleDraft | null =>
  s ? { weekdays: [...s.weekdays], from: s.from, to: s.to, until: s.until ?? '' } : null;

/** The body value of a draft; the API validates it (no weekday, end before start) with field errors. */
export const scheduleBodyOf = (d: ScheduleDraft | null) =>
  d ? { weekdays: d.weekdays, from: d.from, to: d.to, until: d.until || null } : null;

/** "Gjentas tirsdager 08:00–15:00" in the console's language, the one wording of common. */
export function scheduleLabel(s: ScheduleLike, language: string): string {
  return describeSchedule(s, language === 'en' ? 'en' : 'nb');
}

/**
 * Repeating schedule controls of the note dialog and the banner editor (issue 17): a switch, the
 * weekday toggles, the daily window and an optional last date. Times are Oslo wall-clock times.
 */
export function ScheduleFields({
  value,
  onChange,
  errors = {},
}: {
  value: ScheduleDraft | null;
  onChange: (value: ScheduleDraft | null) => void;
  /** Field messages by API path (`schedule.weekdays`, `schedule.to`, …). */
  errors?: Record<string, string>;
}) {
  const { t, i18n } = useTranslation('common');
  const days = t('schedule.days', { returnObjects: true }) as string[];
  const set = (patch: Partial<ScheduleDraft>) => value && onChange({ ...value, ...patch });
  const toggle = (day: number) =>
    value &&
    set({
      weekdays: value.weekdays.includes(day)
        ? value.weekdays.filter((d) => d !== day)
        : [...value.weekdays, day],
    });
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3"
      data-testid="schedule-fields"
    >
      <Checkbox
        label={t('schedule.repeat')}
        checked={value !== null}
        onChange={(e) => onChange(e.target.checked ? defaultScheduleDraft() : null)}
      />
      {value && (
        <>
          <fieldset aria-label={t('schedule.weekdays')} className="flex flex-wrap gap-1.5">
            {[1, 2, 3, 4, 5, 6, 7].map((day) => {
              const on = value.weekdays.includes(day);
              return (
                <button
                  key={day}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(day)}
                  className={`min-w-11 rounded-full border px-3 py-1.5 text-sm ${on ? 'border-primary-700 bg-primary-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100'}`}
                >
                  {days[day - 1]}
                </button>
              );
            })}
          </fieldset>
          {errors['schedule.weekdays'] && (
            <p className="text-xs text-red-700" role="alert">
              {errors['schedule.weekdays']}
            </p>
          )}
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <TextField
              label={t('schedule.from')}
              type="time"
              value={value.from}
              onChange={(e) => set({ from: e.target.value })}
              error={errors['schedule.from']}
            />
            <TextField
              label={t('schedule.to')}
              type="time"
              value={value.to}
              onChange={(e) => set({ to: e.target.value })}
              error={errors['schedule.to']}
            />
            <TextField
              className="col-span-2 sm:col-span-1"
              label={t('schedule.until')}
              type="date"
              value={value.until}
              onChange={(e) => set({ until: e.target.value })}
              error={errors['schedule.until']}
            />
          </div>
          {value.weekdays.length > 0 && value.to > value.from && (
            <p className="text-sm text-slate-700" data-testid="schedule-summary">
              {scheduleLabel({ ...value, until: value.until || null }, i18n.language)}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
