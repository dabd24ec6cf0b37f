import {
  BANNER_DEFAULT_DURATION,
  BANNER_DURATION_MAX,
  contentInputSchema,
} from '@oppslag/common/schemas/content.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { type Asset, assetsApi, uploadAsset } from '../../api/assets.api';
import { API_BASE } from '../../api/client';
import { type Content, type ContentBody, type ContentSlot, contentApi } from '../../api/content.api';
import { errorMessages } from '../../api/error-messages';
import { Button } from '../../components/button';
import { Alert } from '../../components/card';
import { Modal } from '../../components/dialog';
import { TextField } from '../../components/field';
import {
  type ScheduleDraft,
  ScheduleFields,
  scheduleBodyOf,
  scheduleDraftOf,
} from '../../components/schedule-fields';
import { useFeatureSet } from '../../lib/server-info';
import { showSnackbar } from '../../state/snackbar';
import { BannerAssetEditor, type Crop } from './banner-asset-editor';
import {
  checkDates,
  dateBounds,
  endToDateInput,
  newBannerDefaults,
  toDateInput,
  toInstants,
} from './banner-dates';
import { BuiltInTemplatePicker } from './banner-template-picker';
import { BannerTextEditor } from './banner-text-editor';
import { OrgTemplatePicker } from './org-template-picker';

type Mode = 'save' | 'publish' | 'draft' | 'unpublish' | 'template';
const NO_CROP: Crop = { page: 1, scale: 1, offsetX: 0, offsetY: 0 };

/** Edit banner dialog (width 1200, content spec §2): dates, duration, asset or template text. */
export function BannerDialog({
  entityId,
  slot,
  editing,
  asTemplate,
  onClose,
  onSaved,
}: {
  entityId: number;
  slot: ContentSlot;
  editing: { content: Content | null } | null;
  asTemplate: boolean;
  onClose: () => void;
  onSaved: (content: Content) => void;
}) {
  const { t } = useTranslation('banners');
  const featureSet = useFeatureSet();
  const slotSize = featureSet.slots[slot];
  const content = editing?.content ?? null;
  const [tab, setTab] = useState<'empty' | 'org'>('empty');
  const [kind, setKind] = useState<Content['type']>(featureSet.defaultBannerType);
  const [asset, setAsset] = useState<Asset | null>(null);
  const [crop, setCrop] = useState<Crop>(NO_CROP);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [templateText, setTemplateText] = useState('');
  const [templateLook, setTemplateLook] = useState<{ image?: string; color?: string }>({});
  const [dates, setDates] = useState({ start: '', end: '', duration: String(BANNER_DEFAULT_DURATION) });
  const [schedule, setSchedule] = useState<ScheduleDraft | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = new Date();

  // A PDF page is drawn by the server, so the preview is its rendition: after the page, scale or
  // offset changes, the crop is stored (debounced) and the new rendition shown once it is made, so
  // the preview follows the controls (issue 11 item 4: choosing another page changed nothing).
  useEffect(() => {
    if (asset?.type !== 2) return;
    const stored = { page: asset.page, scale: asset.scale, offsetX: asset.offsetX, offsetY: asset.offsetY };
    const changed = JSON.stringify(stored) !== JSON.stringify(crop);
    if (!changed && !asset.cropPending) return;
    let live = true;
    const timer = setTimeout(async () => {
      try {
        let next = changed ? await assetsApi.setCrop(asset.id, { ...crop, slot }) : asset;
        for (let i = 0; live && next.cropPending && i < 30; i++) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          next = await assetsApi.get(asset.id);
        }
        if (live) setAsset(next);
      } catch {
        // Saving stores the crop again and says what failed.
      }
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [asset, crop, slot]);

  useEffect(() => {
    if (!editing) return;
    const c = editing.content;
    const defaults = newBannerDefaults(new Date());
    setTab('empty');
    setError(null);
    setProgress(null);
    setKind(c?.type ?? featureSet.defaultBannerType);
    setTemplateId(c?.templateId ?? null);
    setTemplateText(c?.templateText ?? '');
    setTemplateLook(c?.templateId ? { image: `${API_BASE}/templates/${c.templateId}/image` } : {});
    setDates(
      c
        ? {
            start: toDateInput(c.start),
            end: endToDateInput(c.end),
            duration: String(c.duration ?? BANNER_DEFAULT_DURATION),
          }
        : { ...defaults, duration: String(defaults.duration) },
    );
    setSchedule(scheduleDraftOf(c?.schedule));
    setAsset(null);
    setCrop(NO_CROP);
    if (c?.assetId) {
      assetsApi.get(c.assetId).then(
        (a) => {
          setAsset(a);
          setCrop({ page: a.page, scale: a.scale, offsetX: a.offsetX, offsetY: a.offsetY });
        },
        () => setError(t('errors.assetLoad', { id: c.assetId })),
      );
    }
  }, [editing, featureSet.defaultBannerType, t]);

  const bounds = dateBounds(now, dates.start);
  const originalStart = content ? toDateInput(content.start) : null;
  const originalEnd = content ? endToDateInput(content.end) : null;
  const dateProblem = checkDates(
    now,
    dates.start,
    dates.end,
    dates.start !== originalStart,
    dates.end !== originalEnd,
  );
  const duration = Number(dates.duration);
  // The API's own duration rule (whole seconds, 1 to the maximum), not a copy of it.
  const durationBad =
    dates.duration.trim() === '' || !contentInputSchema.in.shape.duration.safeParse(duration).success;

  const upload = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      const a = await uploadAsset(file, entityId, slot, setProgress);
      setAsset(a);
      setCrop({ page: a.page, scale: a.scale, offsetX: a.offsetX, offsetY: a.offsetY });
      setKind('banner-asset');
      setTemplateId(null);
    } catch (err) {
      setError(errorMessages(err, t, { failed: t('errors.upload'), shown: [] }).formMessage);
    } finally {
      setProgress(null);
    }
  };

  const save = async (mode: Mode) => {
    if (dateProblem || durationBad || busy) return;
    if (kind === 'banner-asset' ? !asset : !templateId) {
      setError(t('errors.needAsset'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (asset && kind === 'banner-asset') {
        const stored = {
          page: asset.page,
          scale: asset.scale,
          offsetX: asset.offsetX,
          offsetY: asset.offsetY,
        };
        if (JSON.stringify(stored) !== JSON.stringify(crop) || asset.slot !== slot) {
          try {
            await assetsApi.setCrop(asset.id, { ...crop, slot });
          } catch (err) {
            throw new Error(errorMessages(err, t, { failed: t('errors.crop'), shown: [] }).formMessage);
          }
        }
      }
      const body: ContentBody = {
        type: kind,
        ...toInstants(new Date(), dates.start, dates.end),
        duration,
        schedule: scheduleBodyOf(schedule),
        assetId: kind === 'banner-asset' ? (asset?.id ?? null) : null,
        templateId: kind === 'banner-template' ? templateId : null,
        templateText: kind === 'banner-template' ? templateText : null,
        isTemplate: mode === 'template' || asTemplate || (content?.isTemplate ?? false),
        approved:
          mode === 'publish'
            ? true
            : mode === 'draft' || mode === 'unpublish'
              ? false
              : (content?.approved ?? true),
      };
      // An existing banner that already started keeps its start instant.
      if (content && dates.start === originalStart) body.start = content.start;
      // "Save as template" on an existing banner stores a copy as a template: turning the banner
      // itself into one took it off the screens without a word.
      const copyAsTemplate = mode === 'template' && content !== null && !content.isTemplate;
      const saved =
        content && !copyAsTemplate
          ? await contentApi.update(entityId, slot, content.id, body)
          : await contentApi.create(entityId, slot, body);
      if (copyAsTemplate) showSnackbar('success', t('dialog.savedAsTemplate'));
      onSaved(saved);
    } catch (err) {
      const base = content ? t('errors.update') : t('errors.create');
      // The dialog has no per-field slots for the server's reasons: they all go into the message.
      setError(
        err instanceof ApiError
          ? errorMessages(err, t, { failed: base, shown: [] }).formMessage
          : err instanceof Error
            ? err.message
            : base,
      );
    } finally {
      setBusy(false);
    }
  };

  const dateError = dateProblem ? t(`dates.${dateProblem}`) : null;
  const invalid = Boolean(dateProblem) || durationBad || busy || progress !== null;

  return (
    <Modal
      open={editing !== null}
      onClose={onClose}
      title={content ? t('dialog.editTitle') : t('dialog.newTitle')}
      maxWidth="max-w-[1200px]"
      fullScreenOnMobile
      persistent={busy || progress !== null}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          {!asTemplate && (
            <Button variant="secondary" disabled={invalid} onClick={() => save('template')}>
              {t('dialog.saveTemplate')}
            </Button>
          )}
          {content ? (
            <>
              {!asTemplate &&
                (content.approved ? (
                  <Button variant="secondary" disabled={invalid} onClick={() => save('unpublish')}>
                    {t('dialog.unpublish')}
                  </Button>
                ) : (
                  <Button variant="secondary" disabled={invalid} onClick={() => save('publish')}>
                    {t('dialog.publish')}
                  </Button>
                ))}
              <Button disabled={invalid} onClick={() => save('save')}>
                {t('dialog.save')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" disabled={invalid} onClick={() => save('draft')}>
                {t('dialog.saveDraft')}
              </Button>
              <Button disabled={invalid} onClick={() => save('publish')}>
                {t('dialog.publish')}
              </Button>
            </>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4" data-testid="banner-dialog">
        {error && <Alert kind="error">{error}</Alert>}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <TextField
            label={t('dialog.startDate')}
            type="date"
            required
            min={bounds.startMin}
            max={bounds.startMax}
            value={dates.start}
            onChange={(e) => setDates({ ...dates, start: e.target.value })}
            error={dateProblem === 'startBeforeToday' || dateProblem === 'startRequired' ? dateError : null}
          />
          <TextField
            label={t('dialog.endDate')}
            type="date"
            min={bounds.endMin}
            max={bounds.endMax}
            value={dates.end}
            onChange={(e) => setDates({ ...dates, end: e.target.value })}
            error={dateProblem === 'endBeforeStart' || dateProblem === 'tooLate' ? dateError : null}
          />
          <TextField
            label={t('dialog.minDuration')}
            type="number"
            min={1}
            max={BANNER_DURATION_MAX}
            value={dates.duration}
            onChange={(e) => setDates({ ...dates, duration: e.target.value })}
            error={durationBad ? `1–${BANNER_DURATION_MAX}` : null}
          />
        </div>
        <ScheduleFields value={schedule} onChange={setSchedule} />
        {!content && !asTemplate && (
          <div role="tablist" className="flex gap-1 border-b border-slate-200">
            {(['empty', 'org'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                onClick={() => setTab(name)}
                className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
                  tab === name ? 'border-primary-600 text-primary-800' : 'border-transparent text-slate-600'
                }`}
              >
                {name === 'empty' ? t('dialog.startEmpty') : t('dialog.orgTemplates')}
              </button>
            ))}
          </div>
        )}
        {tab === 'org' && !content ? (
          <OrgTemplatePicker
            entityId={entityId}
            slot={slot}
            onPick={(c) => {
              setKind(c.type);
              setTemplateId(c.templateId);
              setTemplateText(c.templateText ?? '');
              setTemplateLook(c.templateId ? { image: `${API_BASE}/templates/${c.templateId}/image` } : {});
              if (c.assetId)
                assetsApi.get(c.assetId).then((a) => {
                  setAsset(a);
                  setCrop({ page: a.page, scale: a.scale, offsetX: a.offsetX, offsetY: a.offsetY });
                });
              setTab('empty');
            }}
          />
        ) : kind === 'banner-asset' && asset ? (
          <BannerAssetEditor
            asset={asset}
            crop={crop}
            slotSize={slotSize}
            onCrop={setCrop}
            onClear={() => {
              setAsset(null);
              setCrop(NO_CROP);
            }}
          />
        ) : kind === 'banner-template' && templateId ? (
          <div className="flex flex-col gap-2">
            <BannerTextEditor
              label={t('dialog.text')}
              placeholder={t('dialog.textPlaceholder')}
              value={templateText}
              onChange={setTemplateText}
              color={templateLook.color}
              background={templateLook.image}
            />
            {!content && (
              <Button variant="secondary" className="self-start" onClick={() => setTemplateId(null)}>
                {t('dialog.clearAsset')}
              </Button>
            )}
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              {t('dialog.upload')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
                disabled={progress !== null}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void upload(file);
                }}
                className="text-sm"
              />
              <span className="text-xs font-normal text-slate-500">{t('dialog.uploadHint')}</span>
            </label>
            {progress !== null && (
              <div className="flex flex-col gap-1">
                <span className="text-xs text-slate-600">{t('dialog.uploading')}</span>
                <progress className="w-full accent-primary-600" max={1} value={progress} />
              </div>
            )}
            <p className="text-sm font-medium text-slate-700">{t('dialog.orTemplate')}</p>
            <BuiltInTemplatePicker
              selected={templateId}
              onPick={(tpl) => {
                setKind('banner-template');
                setTemplateId(tpl.id);
                setTemplateLook({
                  image: `${API_BASE}${tpl.imageUrl}`,
                  color: typeof tpl.fontColor === 'string' ? tpl.fontColor : undefined,
                });
                setAsset(null);
              }}
            />
          </div>
        )}
      </div>
    </Modal>
  );
}
