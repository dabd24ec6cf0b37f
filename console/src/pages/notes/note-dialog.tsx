import { contract } from '@oppslag/common/contract/index.ts';
import { NOTE_ICONS } from '@oppslag/common/notes.ts';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Note } from '../../api/notes.api';
import { call } from '../../api/typed-client';
import { Button } from '../../components/button';
import { Alert } from '../../components/card';
import { Modal } from '../../components/dialog';
import { Checkbox, SelectField, TextField } from '../../components/field';
import { FormResult } from '../../components/form-result';
import { Icon, NOTE_ICON_DRAWING } from '../../components/icons';
import { ScheduleFields } from '../../components/schedule-fields';
import { errorTexts, useSchemaForm } from '../../lib/use-schema-form';
import { bodyOf, draftOf, ICON_COLORS, NEW_NOTE_SCHEMA, NOTE_UPDATE_SCHEMA } from './note-draft';
import { NoteEditor } from './note-editor';
import { isEmptyHtml, osloDay, saveState } from './notes.logic';

/** The note fields the dialog shows a refusal next to. */
const NOTE_FIELDS = [
  'text',
  'date',
  'end',
  'schedule.weekdays',
  'schedule.from',
  'schedule.to',
  'schedule.until',
];

/**
 * New or existing note. Persistent while there are unsaved changes, full-screen on phones and at
 * most 800 px wide otherwise (spec §2).
 */
export function NoteDialog({
  open,
  entityId,
  note,
  onClose,
  onSaved,
}: {
  open: boolean;
  entityId: number;
  note: Note | null;
  onClose: () => void;
  onSaved: (note: Note) => void;
}) {
  const { t } = useTranslation('notes');
  const initial = useMemo(() => draftOf(note), [note]);
  const form = useSchemaForm(note ? NOTE_UPDATE_SCHEMA : NEW_NOTE_SCHEMA, {
    defaultValues: initial,
  });
  const draft = form.watch();
  const fieldErrors = errorTexts(form.formState.errors);
  const { reset } = form;
  const { setState: setResult } = form.result;
  // Reset whenever the dialog opens.
  useEffect(() => {
    if (open) {
      reset(initial);
      setResult({ status: 'initialized', message: null, fields: {} });
    }
  }, [open, initial, reset, setResult]);

  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const state = saveState(!note, draft.text, dirty);
  const today = osloDay(new Date());
  const minStart = note && initial.date < today ? initial.date : today;
  const set: typeof form.setValue = (key, value) => form.setValue(key, value, { shouldDirty: true });

  const save = (approved: boolean) => {
    if (form.result.submitting || isEmptyHtml(draft.text)) return;
    set('approved', approved);
    void form.onSubmit(
      async () => {
        // The checked draft goes as built; the schema's parsed output (Dates) stays here.
        const body = bodyOf(form.getValues(), approved);
        const saved = note
          ? await call(contract.notes.update, {
              params: { entityId, noteId: note.id },
              body: { id: note.id, ...body },
            })
          : await call(contract.notes.create, { params: { entityId }, body });
        onSaved(saved);
        return saved;
      },
      {
        success: null,
        error: note ? t('errors.update', { id: note.id }) : t('errors.create'),
        shown: NOTE_FIELDS,
      },
    )();
  };
  const busy = form.result.submitting;

  return (
    <Modal
      open={open}
      onClose={onClose}
      persistent={dirty}
      fullScreenOnMobile
      maxWidth="max-w-[800px]"
      title={note ? t('dialog.editTitle') : t('dialog.newTitle')}
      actions={
        note ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={() => save(draft.approved)} disabled={busy || state === 'empty'}>
              {t('dialog.update')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button variant="secondary" onClick={() => save(false)} disabled={busy || state === 'empty'}>
              {t('dialog.saveDraft')}
            </Button>
            <Button onClick={() => save(true)} disabled={busy || state === 'empty'}>
              {t('dialog.publish')}
            </Button>
          </>
        )
      }
    >
      <div className="flex flex-col gap-4">
        <FormResult state={form.result} />
        <p className="text-xs font-medium text-slate-600" data-testid="save-state">
          {t(`saveState.${state}`)}
        </p>
        <NoteEditor
          key={`${open}-${note?.id ?? 'new'}`}
          value={initial.text}
          onChange={(html) => set('text', html)}
          label={t('dialog.text')}
        />
        {fieldErrors.text && <p className="text-sm text-red-700">{fieldErrors.text}</p>}
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('dialog.icon')}</legend>
          <div className="flex flex-wrap gap-1">
            {NOTE_ICONS.map((icon) => (
              <label key={icon} title={t(`icons.${icon}`)} className="cursor-pointer">
                <input
                  type="radio"
                  name="note-icon"
                  className="peer sr-only"
                  checked={draft.icon === icon}
                  onChange={() => set('icon', icon)}
                />
                <span className="sr-only">{t(`icons.${icon}`)}</span>
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-md border border-slate-200 peer-checked:border-primary-700 peer-checked:bg-primary-50 peer-focus-visible:outline-2 peer-focus-visible:outline-primary-500"
                >
                  <Icon
                    name={NOTE_ICON_DRAWING[icon]}
                    className="size-6"
                    style={{ color: draft.iconColor }}
                  />
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('dialog.iconColor')}</legend>
          <div className="flex flex-wrap gap-2">
            {ICON_COLORS.map((color) => (
              <label key={color} title={color} className="cursor-pointer">
                <input
                  type="radio"
                  name="note-color"
                  className="peer sr-only"
                  checked={draft.iconColor === color}
                  onChange={() => set('iconColor', color)}
                />
                <span className="sr-only">{color}</span>
                <span
                  aria-hidden="true"
                  className="block size-8 rounded-full border-2 border-white ring-1 ring-slate-300 peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-primary-500"
                  style={{ backgroundColor: color }}
                />
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t('dialog.start')}
            type="date"
            value={draft.date}
            min={minStart}
            max={draft.end || undefined}
            onChange={(e) => set('date', e.target.value)}
            error={fieldErrors.date}
            required
          />
          <div className="flex items-end gap-2">
            <TextField
              className="flex-1"
              label={t('dialog.end')}
              type="date"
              value={draft.end}
              min={draft.date}
              onChange={(e) => set('end', e.target.value)}
              error={fieldErrors.end}
            />
            {draft.end && (
              <Button variant="ghost" onClick={() => set('end', '')}>
                {t('dialog.clearEnd')}
              </Button>
            )}
          </div>
        </div>
        <ScheduleFields value={draft.schedule} onChange={(s) => set('schedule', s)} errors={fieldErrors} />
        <Checkbox
          label={t('dialog.sticky')}
          checked={draft.sticky}
          onChange={(e) => set('sticky', e.target.checked)}
        />
        {note && (
          <SelectField
            label={t('dialog.approval')}
            value={draft.approved ? 'published' : 'pending'}
            onChange={(e) => set('approved', e.target.value === 'published')}
          >
            <option value="pending">{t('dialog.pending')}</option>
            <option value="published">{t('dialog.published')}</option>
          </SelectField>
        )}
        {draft.end && dayjs(draft.end).isBefore(dayjs(draft.date)) && (
          <Alert kind="error">{t('dialog.endBeforeStart')}</Alert>
        )}
      </div>
    </Modal>
  );
}
