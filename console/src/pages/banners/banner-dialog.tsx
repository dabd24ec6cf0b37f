import { contract } from '@oppslag/common/contract/index.ts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadAsset } from '../../api/assets.api';
import { API_BASE } from '../../api/client';
import type { Content, ContentSlot } from '../../api/content.api';
import { errorMessages } from '../../api/error-messages';
import { call } from '../../api/typed-client';
import { Button } from '../../components/button';
import { Alert } from '../../components/card';
import { Modal } from '../../components/dialog';
import { FormResult } from '../../components/form-result';
import { ScheduleFields } from '../../components/schedule-fields';
import { useFeatureSet } from '../../lib/server-info';
import { useSchemaForm } from '../../lib/use-schema-form';
import { showSnackbar } from '../../state/snackbar';
import { BannerAssetEditor } from './banner-asset-editor';
import { dateBounds } from './banner-dates';
import { BannerDateFields, BannerDialogActions, BannerSourcePicker } from './banner-dialog-parts';
import {
  BANNER_FIELDS,
  BANNER_TEXTS,
  bannerFormSchema,
  bodyOf,
  cropOf,
  draftOf,
  NO_CROP,
  type SaveMode,
  sameCrop,
} from './banner-form';
import { BannerTextEditor } from './banner-text-editor';
import { OrgTemplatePicker } from './org-template-picker';
import { useBannerAsset } from './use-banner-asset';

/** A failure to store the crop before saving: said as such, with the server's reason. */
class CropFailure extends Error {
  constructor(readonly reason: unknown) {
    super('crop failed');
  }
}

/** The look of a template's text: its artwork and, for built-in ones, its font colour. */
interface TemplateLook {
  image?: string;
  color?: string;
}
const lookOf = (templateId: string | null | undefined): TemplateLook =>
  templateId ? { image: `${API_BASE}/templates/${templateId}/image` } : {};

/**
 * Edit banner dialog (width 1200, content spec §2): dates, duration, asset or template text, on
 * react-hook-form checked by the API's own rules (banner-form.ts) before sending.
 */
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
  const defaultKind = featureSet.defaultBannerType;
  const content = editing?.content ?? null;
  const schema = useMemo(() => bannerFormSchema(new Date(), content), [content]);
  const form = useSchemaForm(schema, {
    mode: 'onChange',
    texts: BANNER_TEXTS,
    defaultValues: draftOf(content, defaultKind),
  });
  const { reset, setValue } = form;
  const setResult = form.result.setState;
  const draft = form.watch();
  const [tab, setTab] = useState<'empty' | 'org'>('empty');
  const [look, setLook] = useState<TemplateLook>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { asset, loadFailed, put, cropChanged } = useBannerAsset(draft.assetId, slot);
  const crop = draft.crop ?? (asset ? cropOf(asset) : NO_CROP);

  // A fresh form each time the dialog opens (a new banner gets today's defaults).
  useEffect(() => {
    if (!editing) return;
    reset(draftOf(editing.content, defaultKind));
    setResult({ status: 'initialized', message: null, fields: {} });
    setTab('empty');
    setLook(lookOf(editing.content?.templateId));
    setProgress(null);
    setNotice(null);
  }, [editing, defaultKind, reset, setResult]);

  const change = { shouldDirty: true, shouldValidate: true };
  const pickAsset = (assetId: number | null) => {
    setValue('assetId', assetId, change);
    setValue('crop', null, change);
  };

  const upload = async (file: File) => {
    setNotice(null);
    setProgress(0);
    try {
      const uploaded = await uploadAsset(file, entityId, slot, setProgress);
      put(uploaded);
      pickAsset(uploaded.id);
      setValue('kind', 'banner-asset', change);
      setValue('templateId', null, change);
    } catch (err) {
      setNotice(errorMessages(err, t, { failed: t('errors.upload'), shown: [] }).formMessage);
    } finally {
      setProgress(null);
    }
  };

  const failed = content ? t('errors.update') : t('errors.create');
  const save = (mode: SaveMode) => {
    const { kind, templateId } = form.getValues();
    if (kind === 'banner-asset' ? !asset : !templateId) {
      setNotice(t('errors.needAsset'));
      return;
    }
    setNotice(null);
    void form.onSubmit(
      async (values) => {
        const id = { entityId, slot };
        if (
          asset &&
          values.kind === 'banner-asset' &&
          (!sameCrop(cropOf(asset), crop) || asset.slot !== slot)
        )
          await call(contract.assets.setCrop, { params: { id: asset.id }, body: { ...crop, slot } }).catch(
            (err: unknown) => {
              throw new CropFailure(err);
            },
          );
        const body = bodyOf(values, { mode, asTemplate, content, now: new Date() });
        // "Save as template" on an existing banner stores a copy as a template: turning the banner
        // itself into one took it off the screens without a word.
        const copyAsTemplate = mode === 'template' && content !== null && !content.isTemplate;
        const saved =
          content && !copyAsTemplate
            ? await call(contract.content.update, { params: { ...id, contentId: content.id }, body })
            : await call(contract.content.create, { params: id, body });
        if (copyAsTemplate) showSnackbar('success', t('dialog.savedAsTemplate'));
        onSaved(saved);
        return saved;
      },
      {
        success: null,
        shown: BANNER_FIELDS,
        error: (err) =>
          err instanceof CropFailure
            ? errorMessages(err.reason, t, { failed: t('errors.crop'), shown: [] }).formMessage
            : errorMessages(err, t, { failed, shown: BANNER_FIELDS, texts: BANNER_TEXTS }).formMessage,
      },
    )();
  };

  const busy = form.result.submitting || progress !== null;
  const showAsset = draft.kind === 'banner-asset' && asset;
  const showTemplate = draft.kind === 'banner-template' && draft.templateId;
  return (
    <Modal
      open={editing !== null}
      onClose={onClose}
      title={content ? t('dialog.editTitle') : t('dialog.newTitle')}
      maxWidth="max-w-[1200px]"
      fullScreenOnMobile
      persistent={busy}
      actions={
        <BannerDialogActions
          content={content}
          asTemplate={asTemplate}
          disabled={busy || !form.formState.isValid}
          onCancel={onClose}
          onSave={save}
        />
      }
    >
      <div className="flex flex-col gap-4" data-testid="banner-dialog">
        <FormResult state={form.result} />
        {(notice || loadFailed) && (
          <Alert kind="error">{notice ?? t('errors.assetLoad', { id: draft.assetId })}</Alert>
        )}
        <BannerDateFields
          start={form.field('start')}
          end={form.field('end')}
          duration={form.field('duration')}
          bounds={dateBounds(new Date(), draft.start)}
        />
        <ScheduleFields
          value={draft.schedule}
          onChange={(schedule) => setValue('schedule', schedule, change)}
        />
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
            onPick={(picked) => {
              setValue('kind', picked.type, change);
              setValue('templateId', picked.templateId, change);
              setValue('templateText', picked.templateText ?? '', change);
              setLook(lookOf(picked.templateId));
              if (picked.assetId) pickAsset(picked.assetId);
              setTab('empty');
            }}
          />
        ) : showAsset ? (
          <BannerAssetEditor
            asset={asset}
            crop={crop}
            slotSize={featureSet.slots[slot]}
            onCrop={(next) => {
              setValue('crop', next, change);
              cropChanged(asset, next);
            }}
            onClear={() => pickAsset(null)}
          />
        ) : showTemplate ? (
          <div className="flex flex-col gap-2">
            <BannerTextEditor
              label={t('dialog.text')}
              placeholder={t('dialog.textPlaceholder')}
              value={draft.templateText}
              onChange={(text) => setValue('templateText', text, change)}
              color={look.color}
              background={look.image}
            />
            {!content && (
              <Button
                variant="secondary"
                className="self-start"
                onClick={() => setValue('templateId', null, change)}
              >
                {t('dialog.clearAsset')}
              </Button>
            )}
          </div>
        ) : (
          <BannerSourcePicker
            progress={progress}
            templateId={draft.templateId}
            onFile={(file) => void upload(file)}
            onTemplate={(tpl) => {
              setValue('kind', 'banner-template', change);
              setValue('templateId', tpl.id, change);
              setLook({
                image: `${API_BASE}${tpl.imageUrl}`,
                color: typeof tpl.fontColor === 'string' ? tpl.fontColor : undefined,
              });
              setValue('assetId', null, change);
            }}
          />
        )}
      </div>
    </Modal>
  );
}
