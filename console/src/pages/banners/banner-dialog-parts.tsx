import { BANNER_DURATION_MAX } from '@oppslag/common/schemas/content.ts';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../api/content.api';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import type { dateBounds } from './banner-dates';
import type { SaveMode } from './banner-form';
import { BuiltInTemplatePicker } from './banner-template-picker';

/** The banner dialog's buttons: which saves are offered depends on a new or existing, template or not. */
export function BannerDialogActions({
  content,
  asTemplate,
  disabled,
  onCancel,
  onSave,
}: {
  content: Content | null;
  asTemplate: boolean;
  disabled: boolean;
  onCancel: () => void;
  onSave: (mode: SaveMode) => void;
}) {
  const { t } = useTranslation('banners');
  const save = (mode: SaveMode, label: string, variant?: 'secondary') => (
    <Button variant={variant} disabled={disabled} onClick={() => onSave(mode)}>
      {t(label)}
    </Button>
  );
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {t('dialog.cancel')}
      </Button>
      {!asTemplate && save('template', 'dialog.saveTemplate', 'secondary')}
      {content ? (
        <>
          {!asTemplate &&
            (content.approved
              ? save('unpublish', 'dialog.unpublish', 'secondary')
              : save('publish', 'dialog.publish', 'secondary'))}
          {save('save', 'dialog.save')}
        </>
      ) : (
        <>
          {save('draft', 'dialog.saveDraft', 'secondary')}
          {save('publish', 'dialog.publish')}
        </>
      )}
    </>
  );
}

/** A registered input with its refusal (useSchemaForm's `field`). */
type Field = Omit<ComponentProps<typeof TextField>, 'label'>;

/** Start, end and the minimum duration, each with its refusal beside it. */
export function BannerDateFields({
  start,
  end,
  duration,
  bounds,
}: {
  start: Field;
  end: Field;
  duration: Field;
  bounds: ReturnType<typeof dateBounds>;
}) {
  const { t } = useTranslation('banners');
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <TextField
        label={t('dialog.startDate')}
        type="date"
        required
        min={bounds.startMin}
        max={bounds.startMax}
        {...start}
      />
      <TextField label={t('dialog.endDate')} type="date" min={bounds.endMin} max={bounds.endMax} {...end} />
      <TextField
        label={t('dialog.minDuration')}
        type="number"
        min={1}
        max={BANNER_DURATION_MAX}
        {...duration}
      />
    </div>
  );
}

/** A new banner's source: a file to upload (with its progress) or a built-in template. */
export function BannerSourcePicker({
  progress,
  templateId,
  onFile,
  onTemplate,
}: {
  /** Upload progress 0..1, or null when no upload runs. */
  progress: number | null;
  templateId: string | null;
  onFile: (file: File) => void;
  onTemplate: ComponentProps<typeof BuiltInTemplatePicker>['onPick'];
}) {
  const { t } = useTranslation('banners');
  return (
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
            if (file) onFile(file);
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
      <BuiltInTemplatePicker selected={templateId} onPick={onTemplate} />
    </div>
  );
}
