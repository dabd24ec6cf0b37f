import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../api/content.api';
import { AssetImg } from '../../components/asset-img';
import { formatDateTime } from '../../lib/dates';
import { DeliveryLine, isLive } from '../health/delivery-line';
import { bannerAccess, DAY_PX, ROW_PX, slotBox, timelineRange } from './banner-view';
import { assignLanes } from './lanes';
import { useOriginLabel } from './use-origin-label';

/** What a slot's popup says: start, end and minimum duration, or that no asset is uploaded. */
export function SlotDetails({
  content,
  onEdit,
  deliveryEntityId,
}: {
  content: Content;
  onEdit?: () => void;
  /** The viewed entity, for the banner slot's proof of delivery (live slides only). */
  deliveryEntityId?: number;
}) {
  const { t, i18n } = useTranslation('banners');
  const missingAsset = content.type === 'banner-asset' && !content.asset;
  return (
    <div className="flex flex-col gap-1 text-sm">
      {missingAsset ? (
        <p className="font-medium text-amber-800">{t('noAsset')}</p>
      ) : (
        <>
          <p>
            {t('start')}: {formatDateTime(content.start, i18n.language)}
          </p>
          <p>
            {t('end')}: {content.end ? formatDateTime(content.end, i18n.language) : t('noEnd')}
          </p>
          <p>{t('duration', { seconds: content.duration ?? 30 })}</p>
        </>
      )}
      {deliveryEntityId !== undefined && isLive(content) && (
        <DeliveryLine kind="banner" entityId={deliveryEntityId} itemId={content.id} />
      )}
      {onEdit && (
        <button type="button" className="self-start text-primary-700 underline" onClick={onEdit}>
          {t('edit')}
        </button>
      )}
    </div>
  );
}

/** The swimlane timeline: overlapping banners go into separate lanes, 30 px a day. */
export function BannerTimeline({
  items,
  highlight,
  onEdit,
  deliveryEntityId,
}: {
  items: Content[];
  /** A just created or updated banner, outlined for a moment. */
  highlight: number | null;
  onEdit: (c: Content) => void;
  /** Set for the banner slot: live slides show on how many screens they are. */
  deliveryEntityId?: number;
}) {
  const { t, i18n } = useTranslation('banners');
  const originOf = useOriginLabel();
  const range = timelineRange(items, new Date());
  const { lanes, count } = assignLanes(items);
  const days = Array.from({ length: range.days }, (_, i) => new Date(range.from + i * 86_400_000));
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200" data-testid="banner-timeline">
      <div style={{ width: range.days * DAY_PX }} className="relative">
        <div className="flex border-b border-slate-200 text-[10px] text-slate-500" aria-hidden="true">
          {days.map((d) => (
            <div
              key={d.getTime()}
              style={{ width: DAY_PX }}
              className={`shrink-0 py-1 text-center ${d.getDay() === 1 ? 'border-l border-slate-300' : ''}`}
            >
              {d.getDate() === 1 || d.getDay() === 1
                ? d.toLocaleDateString(i18n.language === 'no' ? 'nb-NO' : 'en-GB', {
                    day: 'numeric',
                    month: 'short',
                  })
                : d.getDate()}
            </div>
          ))}
        </div>
        <div className="relative" style={{ height: Math.max(1, count) * ROW_PX + 8 }}>
          {items.map((item, i) => {
            const box = slotBox(item, range);
            const access = bannerAccess(item);
            return (
              <Popover
                key={item.id}
                className="absolute"
                style={{ left: box.left, width: box.width, top: lanes[i] * ROW_PX + 4, height: ROW_PX - 4 }}
              >
                <PopoverButton
                  data-testid="banner-slot"
                  className={`flex size-full items-center overflow-hidden rounded px-2 text-left text-xs whitespace-nowrap ${
                    highlight === item.id ? 'ring-2 ring-amber-400 ring-offset-1' : ''
                  } ${
                    access === 'editable'
                      ? item.approved
                        ? 'bg-primary-600 text-white'
                        : 'border border-dashed border-primary-600 bg-primary-50 text-primary-900'
                      : 'bg-slate-300 text-slate-800'
                  }`}
                >
                  {item.asset && (
                    <AssetImg path={item.asset.croppedUrl} className="mr-1.5 h-5 w-auto rounded-sm" />
                  )}
                  {item.type === 'banner-template'
                    ? t('templateBanner')
                    : item.asset
                      ? t(item.asset.mime === 'application/pdf' ? 'pdf' : 'image')
                      : t('noAsset')}
                  {access === 'inherited' && ` · ${originOf(item)}`}
                  {access === 'locked' && ` · ${t('locked')}`}
                  {access === 'editable' && !item.approved && ` · ${t('draft')}`}
                </PopoverButton>
                <PopoverPanel
                  anchor="bottom start"
                  className="z-40 w-64 rounded-md border border-slate-200 bg-white p-3 shadow-lg"
                >
                  <SlotDetails
                    content={item}
                    onEdit={access === 'editable' ? () => onEdit(item) : undefined}
                    deliveryEntityId={deliveryEntityId}
                  />
                </PopoverPanel>
              </Popover>
            );
          })}
        </div>
      </div>
    </div>
  );
}
