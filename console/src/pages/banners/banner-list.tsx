import { useTranslation } from 'react-i18next';
import type { Content } from '../../api/content.api';
import { AssetImg } from '../../components/asset-img';
import { IconButton } from '../../components/button';
import { Icon } from '../../components/icons';
import { scheduleLabel } from '../../components/schedule-fields';
import { formatDateTime } from '../../lib/dates';
import { DeliveryLine, isLive } from '../health/delivery-line';
import { bannerAccess } from './banner-view';
import { useOriginLabel } from './use-origin-label';

/** The list view: one row per banner with its picture, dates and actions. */
export function BannerList({
  items,
  highlight,
  onEdit,
  onDelete,
  deliveryEntityId,
}: {
  items: Content[];
  highlight: number | null;
  onEdit: (c: Content) => void;
  onDelete: (c: Content) => void;
  /** Set for the banner slot: live slides show on how many screens they are. */
  deliveryEntityId?: number;
}) {
  const { t, i18n } = useTranslation('banners');
  const originOf = useOriginLabel();
  return (
    <ul className="divide-y divide-slate-100" data-testid="banner-list">
      {items.map((item) => {
        const access = bannerAccess(item);
        return (
          <li
            key={item.id}
            className={`flex items-center gap-3 py-2 ${highlight === item.id ? 'row-highlight' : ''}`}
          >
            <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded bg-slate-100">
              {item.asset ? (
                <AssetImg path={item.asset.croppedUrl} className="max-h-full max-w-full" />
              ) : (
                <Icon
                  name={item.type === 'banner-template' ? 'sticky_note' : 'warning'}
                  className="size-6 text-slate-400"
                />
              )}
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <div className="font-medium text-slate-800">
                {formatDateTime(item.start, i18n.language)} –{' '}
                {item.end ? formatDateTime(item.end, i18n.language) : t('noEnd')}
              </div>
              {item.schedule && (
                <div className="text-xs text-slate-700" data-testid="banner-schedule">
                  {scheduleLabel(item.schedule, i18n.language)}
                </div>
              )}
              <div className="text-xs text-slate-500">
                {item.type === 'banner-asset' && !item.asset
                  ? t('noAsset')
                  : t('duration', { seconds: item.duration ?? 30 })}
                {' · '}
                {access === 'inherited'
                  ? originOf(item)
                  : access === 'locked'
                    ? t('locked')
                    : item.approved
                      ? t('published')
                      : t('draft')}
              </div>
              {deliveryEntityId !== undefined && isLive(item) && (
                <DeliveryLine kind="banner" entityId={deliveryEntityId} itemId={item.id} />
              )}
            </div>
            {access === 'editable' && (
              <>
                <IconButton label={t('edit')} onClick={() => onEdit(item)}>
                  <Icon name="settings" />
                </IconButton>
                <IconButton label={t('delete')} onClick={() => onDelete(item)}>
                  <Icon name="delete" />
                </IconButton>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
