import { withFieldCode } from '@oppslag/common/errors.ts';
import {
  BANNER_DEFAULT_DURATION,
  CONTENT_TYPES,
  type ContentType,
  contentInputSchema,
} from '@oppslag/common/schemas/content.ts';
import { z } from 'zod';
import type { Asset } from '../../api/assets.api';
import type { Content, ContentBody } from '../../api/content.api';
import type { FieldTexts } from '../../api/error-messages';
import { type ScheduleDraft, scheduleBodyOf, scheduleDraftOf } from '../../components/schedule-fields';
import type { Crop } from './banner-asset-editor';
import { dateFieldProblem, endToDateInput, newBannerDefaults, toDateInput, toInstants } from './banner-dates';

/** How a save leaves the banner: as it was, published, a draft, taken off, or a template copy. */
export type SaveMode = 'save' | 'publish' | 'draft' | 'unpublish' | 'template';

/** The banner dialog's form: the inputs' own values (dates and duration as typed). */
export interface BannerDraft {
  start: string;
  end: string;
  duration: string;
  schedule: ScheduleDraft | null;
  kind: ContentType;
  assetId: number | null;
  /** The crop being edited; null while it is the asset's stored one (read from the asset itself). */
  crop: Crop | null;
  templateId: string | null;
  templateText: string;
}

export const NO_CROP: Crop = { page: 1, scale: 1, offsetX: 0, offsetY: 0 };

/** An asset's stored crop. */
export const cropOf = (asset: Asset): Crop => ({
  page: asset.page,
  scale: asset.scale,
  offsetX: asset.offsetX,
  offsetY: asset.offsetY,
});

export const sameCrop = (a: Crop, b: Crop) =>
  a.page === b.page && a.scale === b.scale && a.offsetX === b.offsetX && a.offsetY === b.offsetY;

/** The form of an existing banner, or of a new one with spec §9's defaults. */
export function draftOf(content: Content | null, defaultKind: ContentType, now = new Date()): BannerDraft {
  const defaults = newBannerDefaults(now);
  return {
    start: content ? toDateInput(content.start) : defaults.start,
    end: content ? endToDateInput(content.end) : defaults.end,
    duration: String(content ? (content.duration ?? BANNER_DEFAULT_DURATION) : defaults.duration),
    schedule: scheduleDraftOf(content?.schedule),
    kind: content?.type ?? defaultKind,
    assetId: content?.assetId ?? null,
    crop: null,
    templateId: content?.templateId ?? null,
    templateText: content?.templateText ?? '',
  };
}

/** The fields the dialog shows a refusal next to (the server's too). */
export const BANNER_FIELDS = ['start', 'end', 'duration'];

/** The dialog's own words for the date refusals (translation keys, see FieldTexts). */
export const BANNER_TEXTS: FieldTexts = {
  start: {
    required: 'banners:dates.startRequired',
    in_past: 'banners:dates.startBeforeToday',
    too_late: 'banners:dates.tooLate',
  },
  end: {
    in_past: 'banners:dates.endBeforeStart',
    too_late: 'banners:dates.tooLate',
    end_before_start: 'banners:dates.endBeforeStart',
  },
};

/** The API's own duration rule (whole seconds, 1 to the maximum), not a copy of it. */
const durationRule = contentInputSchema.in.shape.duration;

/**
 * The form checked before sending: the dates by the API's window rule on the instants the dialog
 * will send (checkDates), only changed dates held to it as the API does, so a banner that already
 * started keeps its start; the duration by the API's rule. Refusals carry field codes, so the
 * browser and the server say the same words.
 */
export function bannerFormSchema(now: Date, content: Content | null) {
  const originalStart = content ? toDateInput(content.start) : null;
  const originalEnd = content ? endToDateInput(content.end) : null;
  return z
    .object({
      start: z.string(),
      end: z.string(),
      duration: z.string().trim().min(1).transform(Number).pipe(durationRule.unwrap().unwrap()),
      schedule: z.custom<ScheduleDraft | null>(),
      kind: z.enum(CONTENT_TYPES),
      assetId: z.number().nullable(),
      crop: z.custom<Crop | null>(),
      templateId: z.string().nullable(),
      templateText: z.string(),
    })
    .superRefine((draft, ctx) => {
      const problem = dateFieldProblem(
        now,
        draft.start,
        draft.end,
        draft.start !== originalStart,
        draft.end !== originalEnd,
      );
      if (problem)
        ctx.addIssue({
          code: 'custom',
          path: [problem.path],
          message: problem.code,
          ...withFieldCode(problem.code),
        });
    });
}

export type BannerValues = z.output<ReturnType<typeof bannerFormSchema>>;

/** The request body of checked values; `content` is the banner being edited (null: new). */
export function bodyOf(
  values: BannerValues,
  {
    mode,
    asTemplate,
    content,
    now,
  }: { mode: SaveMode; asTemplate: boolean; content: Content | null; now: Date },
): ContentBody {
  const asset = values.kind === 'banner-asset';
  const body: ContentBody = {
    type: values.kind,
    ...toInstants(now, values.start, values.end),
    duration: values.duration,
    schedule: scheduleBodyOf(values.schedule),
    assetId: asset ? values.assetId : null,
    templateId: asset ? null : values.templateId,
    templateText: asset ? null : values.templateText,
    isTemplate: mode === 'template' || asTemplate || (content?.isTemplate ?? false),
    approved:
      mode === 'publish'
        ? true
        : mode === 'draft' || mode === 'unpublish'
          ? false
          : (content?.approved ?? true),
  };
  // An existing banner that already started keeps its start instant.
  if (content && values.start === toDateInput(content.start)) body.start = content.start;
  return body;
}
