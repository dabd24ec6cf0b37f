import { contract } from '@oppslag/common/contract/index.ts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Content, ContentSlot } from '../../api/content.api';
import { contentQuery } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { call } from '../../api/typed-client';
import { Button } from '../../components/button';
import { Alert, Card, Spinner } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Icon } from '../../components/icons';
import { showSnackbar } from '../../state/snackbar';
import { BannerDialog } from './banner-dialog';
import { BannerList } from './banner-list';
import { BannerTimeline } from './banner-timeline';
import { BANNER_VIEWS, type BannerView, readView, viewCookie } from './banner-view';

/** Banners in time order (start, then id). */
const byStart = (list: Content[]) => [...list].sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);

/**
 * The banner editor of one slot of an entity (content spec §2): the timeline of swimlanes or the
 * list, new and edit dialogs. With `templates` it edits the organization's templates instead.
 */
export function BannerEditor({
  entityId,
  slot,
  title,
  templates = false,
  editable,
}: {
  entityId: number;
  slot: ContentSlot;
  title: string;
  templates?: boolean;
  editable: boolean;
}) {
  const { t } = useTranslation('banners');
  const query = useQuery({ ...contentQuery(entityId, slot, templates), select: byStart }, queryClient);
  const items = query.data ?? null;
  const failed = query.isError;
  const [view, setView] = useState<BannerView>(() => readView(document.cookie));
  const [editing, setEditing] = useState<{ content: Content | null } | null>(null);
  const [deleting, setDeleting] = useState<Content | null>(null);
  const [highlight, setHighlight] = useState<number | null>(null);

  // content.* events of this slot refetch it (realtime/query-events.ts); so does a change made here.
  const load = useCallback(
    () =>
      void queryClient.invalidateQueries({
        queryKey: queryKeys.content(entityId, slot, templates),
        exact: true,
      }),
    [entityId, slot, templates],
  );

  const chooseView = (next: BannerView) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the spec names a cookie, banner-editor-view, for this choice
    document.cookie = viewCookie(next);
    setView(next);
  };

  const remove = async () => {
    const item = deleting;
    setDeleting(null);
    if (!item) return;
    try {
      await call(contract.content.remove, { params: { entityId, slot, contentId: item.id } });
      showSnackbar('success', t('common:feedback.deleted'));
      load();
    } catch {
      showSnackbar('error', t('errors.delete'));
    }
  };

  return (
    <Card
      title={title}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {!templates && (
            <fieldset className="flex rounded-md border border-slate-300">
              <legend className="sr-only">{t('views.label')}</legend>
              {BANNER_VIEWS.map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  onClick={() => chooseView(v)}
                  className={`px-3 py-1.5 text-sm ${view === v ? 'bg-primary-700 text-white' : 'text-slate-700'}`}
                >
                  {t(`views.${v}`)}
                </button>
              ))}
            </fieldset>
          )}
          {editable && (
            <Button onClick={() => setEditing({ content: null })}>
              <Icon name="add" className="size-4" /> {t('new')}
            </Button>
          )}
        </div>
      }
    >
      {failed && <Alert kind="error">{t('errors.load')}</Alert>}
      {!items && !failed ? (
        <Spinner size={40} />
      ) : items?.length === 0 ? (
        templates ? (
          <div className="py-6 text-center">
            <p className="font-medium text-slate-800">{t('noTemplates')}</p>
            <p className="text-sm text-slate-600">{t('noTemplatesText')}</p>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t('empty')}</p>
        )
      ) : items && view === 'swimlanes' && !templates ? (
        <BannerTimeline
          items={items}
          highlight={highlight}
          onEdit={(content) => setEditing({ content })}
          deliveryEntityId={slot === 'banner' ? entityId : undefined}
        />
      ) : items ? (
        <BannerList
          items={items}
          highlight={highlight}
          onEdit={(content) => setEditing({ content })}
          onDelete={setDeleting}
          deliveryEntityId={slot === 'banner' && !templates ? entityId : undefined}
        />
      ) : null}
      <BannerDialog
        entityId={entityId}
        slot={slot}
        editing={editing}
        asTemplate={templates}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setHighlight(saved.id);
          setTimeout(() => setHighlight((id) => (id === saved.id ? null : id)), 4000);
          load();
        }}
      />
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
