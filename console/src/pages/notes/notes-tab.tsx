import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { contract } from '@oppslag/common/contract/index.ts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Note } from '../../api/notes.api';
import { notesQuery } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { call } from '../../api/typed-client';
import { Button, IconButton } from '../../components/button';
import { Alert, Card, Spinner } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Icon, NOTE_ICON_DRAWING } from '../../components/icons';
import { scheduleLabel } from '../../components/schedule-fields';
import { formatRelative } from '../../lib/dates';
import { useFlash } from '../../lib/use-flash';
import { onRealtimeEvent } from '../../realtime/socket';
import { useEntities } from '../../state/entities';
import { ancestry, entityName } from '../../state/entities.reducer';
import { useCan } from '../../state/permissions';
import { showSnackbar } from '../../state/snackbar';
import { useEntity } from '../entity/entity-frame';
import { DeliveryLine } from '../health/delivery-line';
import { lastDay, osloDay, sanitizeNoteHtml, sortNotes } from './notes.logic';

// The dialog carries the rich-text editor (TipTap/ProseMirror, the largest chunk of the console):
// it loads when a note is opened for editing, not to list notes.
const NoteDialog = lazy(() => import('./note-dialog').then((m) => ({ default: m.NoteDialog })));

/** Note dates read relatively up to 30 days away (content spec §2), then as a date. */
const NOTE_RELATIVE_DAYS = 30;

function NoteDates({ note }: { note: Note }) {
  const { i18n } = useTranslation();
  const start = formatRelative(note.date, i18n.language, new Date(), NOTE_RELATIVE_DAYS);
  if (!note.end) return <span>{start}</span>;
  const endDay = lastDay(note.end);
  const end = formatRelative(`${endDay}T12:00:00`, i18n.language, new Date(), NOTE_RELATIVE_DAYS);
  return <span>{osloDay(note.date) === endDay ? start : `${start} – ${end}`}</span>;
}

/** The note board: pinned notes first, own notes with a menu, inherited ones linking to their entity. */
export default function NotesTab() {
  const { t } = useTranslation('notes');
  const { t: tc, i18n } = useTranslation('common');
  const entity = useEntity();
  const { byId } = useEntities();
  const mayModerate = useCan(entity.id, 'moderate_content');
  const notesResult = useQuery({ ...notesQuery(entity.id), select: sortNotes }, queryClient);
  const notes = notesResult.data ?? null;
  const failed = notesResult.isError;
  const [editing, setEditing] = useState<{ note: Note | null } | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const { fresh, flash } = useFlash();

  // A change made here: the list is fetched again (the pushed event would do it a moment later).
  const load = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.notes(entity.id), exact: true }),
    [entity.id],
  );

  // The event table refetches the list; a note created or changed on this board's chain flashes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chain is read when the entity changes
  useEffect(() => {
    const chain = ancestry(byId, entity.id);
    return onRealtimeEvent((event) => {
      if (
        (event.type === 'note.created' || event.type === 'note.updated') &&
        event.entityId != null &&
        chain.includes(event.entityId)
      )
        flash(event.data.id);
    });
  }, [entity.id, flash]);

  const approve = async (note: Note, approved: boolean) => {
    try {
      await call(contract.notes.update, {
        params: { entityId: entity.id, noteId: note.id },
        body: { id: note.id, approved },
      });
      load();
    } catch {
      showSnackbar('error', t('errors.update', { id: note.id }));
    }
  };

  const remove = async () => {
    const note = deleting;
    setDeleting(null);
    if (!note) return;
    try {
      await call(contract.notes.remove, { params: { entityId: entity.id, noteId: note.id } });
      showSnackbar('success', t('common:feedback.deleted'));
      load();
    } catch {
      showSnackbar('error', t('errors.delete', { id: note.id }));
    }
  };

  return (
    <Card
      title={t('title')}
      actions={
        mayModerate && (
          <Button onClick={() => setEditing({ note: null })}>
            <Icon name="add" className="size-4" /> {t('new')}
          </Button>
        )
      }
    >
      {failed && <Alert kind="error">{t('errors.load')}</Alert>}
      {!notes && !failed ? (
        <Spinner size={40} />
      ) : notes && notes.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center text-slate-600">
          <Icon name="sticky_note" className="size-10 text-slate-400" />
          <p>{t('empty')}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="notes-list">
          {notes?.map((note) => {
            const inherited = note.entityId !== entity.id;
            return (
              <li
                key={note.id}
                data-note-id={note.id}
                className={`flex gap-3 rounded-lg border p-3 ${note.sticky ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'} ${fresh.has(note.id) ? 'row-highlight' : ''}`}
              >
                <Icon
                  name={NOTE_ICON_DRAWING[note.icon] ?? 'info_i'}
                  className="size-8 shrink-0"
                  style={{ color: note.iconColor }}
                />
                <div className="min-w-0 flex-1">
                  <div className="mb-1 flex flex-wrap items-center gap-2 text-xs">
                    <span
                      className={`rounded px-1.5 py-0.5 font-medium ${note.state === 'active' ? 'bg-primary-50 text-primary-800' : note.state === 'scheduled' ? 'bg-sky-100 text-sky-900' : 'bg-slate-200 text-slate-700'}`}
                    >
                      {t(`state.${note.state}`)}
                    </span>
                    <span className="text-slate-600">
                      <NoteDates note={note} />
                    </span>
                    {note.sticky && (
                      <span className="inline-flex items-center gap-0.5 text-amber-900">
                        <Icon name="push_pin" className="size-3.5" /> {t('pinned')}
                      </span>
                    )}
                    <span className={note.approved ? 'text-primary-800' : 'font-medium text-red-800'}>
                      {note.approved ? t('published') : t('notPublished')}
                    </span>
                    {note.source === 'sms' && <span className="text-slate-600">{t('viaSms')}</span>}
                    {note.schedule && (
                      <span
                        className="inline-flex items-center gap-1 text-slate-700"
                        data-testid="note-schedule"
                      >
                        <Icon name="history" className="size-3.5" />
                        {scheduleLabel(note.schedule, i18n.language)} ·{' '}
                        {note.showingNow ? tc('schedule.showingNow') : tc('schedule.notShowingNow')}
                      </span>
                    )}
                  </div>
                  <div
                    className="note-text text-sm text-slate-900"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized to the editor's formats first
                    dangerouslySetInnerHTML={{ __html: sanitizeNoteHtml(note.text) }}
                  />
                  {note.approved && note.state === 'active' && (
                    <DeliveryLine kind="note" entityId={entity.id} itemId={note.id} />
                  )}
                  {inherited && (
                    <p className="mt-1 text-xs text-slate-600">
                      {t('inheritedFrom')}{' '}
                      <Link to={`/entities/${note.entityId}/notes`} className="text-primary-700 underline">
                        {entityName(byId, note.entityId) ?? `#${note.entityId}`}
                      </Link>
                    </p>
                  )}
                </div>
                {!inherited && mayModerate && (
                  <div className="flex shrink-0 items-start gap-1">
                    <label className="flex items-center gap-1 text-xs text-slate-700">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary-500"
                        checked={note.approved}
                        onChange={(e) => approve(note, e.target.checked)}
                      />
                      <span className="sr-only sm:not-sr-only">{t('approve')}</span>
                    </label>
                    <Menu as="div" className="relative">
                      <MenuButton as={IconButton} label={t('menu')}>
                        <Icon name="more_vert" />
                      </MenuButton>
                      <MenuItems
                        anchor="bottom end"
                        className="z-40 w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
                      >
                        <MenuItem>
                          <button
                            type="button"
                            className="block w-full px-3 py-2 text-left text-sm data-focus:bg-slate-100"
                            onClick={() => setEditing({ note })}
                          >
                            {t('edit')}
                          </button>
                        </MenuItem>
                        <MenuItem>
                          <button
                            type="button"
                            className="block w-full px-3 py-2 text-left text-sm data-focus:bg-slate-100"
                            onClick={() => approve(note, !note.approved)}
                          >
                            {note.approved ? t('reject') : t('approveAction')}
                          </button>
                        </MenuItem>
                        <MenuItem>
                          <button
                            type="button"
                            className="block w-full px-3 py-2 text-left text-sm text-red-800 data-focus:bg-slate-100"
                            onClick={() => setDeleting(note)}
                          >
                            {t('delete')}
                          </button>
                        </MenuItem>
                      </MenuItems>
                    </Menu>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing !== null && (
        <Suspense fallback={null}>
          <NoteDialog
            open={editing !== null}
            entityId={entity.id}
            note={editing?.note ?? null}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              flash(saved.id);
              load();
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        danger
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Card>
  );
}
