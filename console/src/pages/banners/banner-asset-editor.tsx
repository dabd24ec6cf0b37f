import {
  CROP_SCALE_MAX,
  CROP_SCALE_MIN,
  type CropSize,
  cropFitFor,
  placeSource,
} from '@oppslag/common/crop.ts';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '../../api/assets.api';
import { AssetImg, PdfPageImg } from '../../components/asset-img';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';

export interface Crop {
  page: number;
  scale: number;
  offsetX: number;
  offsetY: number;
}

const PREVIEW_WIDTH = 320;

/**
 * Places an uploaded asset in its slot: PDF page, scale slider 0.1–2 (step 0.1), offset by drag
 * or x/y inputs, and a clear button. The preview is the source itself (the image, or the PDF page
 * drawn in the browser) placed by common/crop.ts's placeSource, the rule the worker renders by, so
 * it shows live what the screens will show: an image covers the slot, a page is contained on
 * white paper; offsets are slot pixels.
 */
export function BannerAssetEditor({
  asset,
  crop,
  slotSize,
  onCrop,
  onClear,
}: {
  asset: Asset;
  crop: Crop;
  slotSize: CropSize;
  onCrop: (crop: Crop) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('banners');
  const drag = useRef<{ x: number; y: number; crop: Crop } | null>(null);
  const f = PREVIEW_WIDTH / slotSize.width;
  const fit = cropFitFor(asset.type);
  // A PDF page's size is known once it is drawn; its aspect is all the placement needs.
  const [pageSize, setPageSize] = useState<CropSize | null>(null);
  const source =
    asset.type === 2
      ? pageSize
      : { width: asset.width ?? slotSize.width, height: asset.height ?? slotSize.height };
  const placed = source ? placeSource(source, slotSize, { ...crop, fit }) : null;
  const placedStyle = placed
    ? { left: placed.left * f, top: placed.top * f, width: placed.width * f, height: placed.height * f }
    : { visibility: 'hidden' as const };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, crop };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    onCrop({
      ...d.crop,
      offsetX: Math.round(d.crop.offsetX + (e.clientX - d.x) / f),
      offsetY: Math.round(d.crop.offsetY + (e.clientY - d.y) / f),
    });
  };

  return (
    <div className="flex flex-col gap-4 md:flex-row">
      <div className="flex flex-col gap-1">
        <div
          data-testid="crop-preview"
          data-fit={fit}
          className={`relative cursor-move touch-none overflow-hidden rounded border border-slate-300 ${
            fit === 'contain'
              ? 'bg-white'
              : 'bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px]'
          }`}
          style={{ width: PREVIEW_WIDTH, height: slotSize.height * f }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => {
            drag.current = null;
          }}
        >
          {asset.type === 2 ? (
            <PdfPageImg
              path={asset.originalUrl}
              page={crop.page}
              draggable={false}
              // The page's edge, as the paper around it is white too.
              className="absolute max-w-none select-none shadow ring-1 ring-slate-300"
              style={placedStyle}
              onLoad={(e) =>
                setPageSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
              }
            />
          ) : (
            <AssetImg
              path={asset.originalUrl}
              draggable={false}
              className="absolute max-w-none select-none"
              style={placedStyle}
            />
          )}
        </div>
        <p className="text-xs text-slate-500">{t('dialog.dragHint')}</p>
      </div>
      <div className="flex flex-1 flex-col gap-3">
        <p className="truncate text-sm font-medium">{asset.name}</p>
        {asset.type === 2 && asset.pageCount > 1 && (
          <SelectField
            label={t('dialog.page')}
            value={crop.page}
            onChange={(e) => onCrop({ ...crop, page: Number(e.target.value) })}
          >
            {Array.from({ length: asset.pageCount }, (_, i) => i + 1).map((page) => (
              <option key={page} value={page}>
                {page}
              </option>
            ))}
          </SelectField>
        )}
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t('dialog.scale')}: {crop.scale.toFixed(1)}
          <input
            type="range"
            min={CROP_SCALE_MIN}
            max={CROP_SCALE_MAX}
            step={0.1}
            value={crop.scale}
            onChange={(e) => onCrop({ ...crop, scale: Math.round(Number(e.target.value) * 10) / 10 })}
            className="accent-primary-600"
          />
        </label>
        <div className="grid grid-cols-2 gap-2">
          <TextField
            label={t('dialog.offsetX')}
            type="number"
            value={String(crop.offsetX)}
            onChange={(e) => onCrop({ ...crop, offsetX: Number(e.target.value) || 0 })}
          />
          <TextField
            label={t('dialog.offsetY')}
            type="number"
            value={String(crop.offsetY)}
            onChange={(e) => onCrop({ ...crop, offsetY: Number(e.target.value) || 0 })}
          />
        </div>
        <Button variant="secondary" className="self-start" onClick={onClear}>
          {t('dialog.clearAsset')}
        </Button>
      </div>
    </div>
  );
}
