import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { queryClient } from '../../api/query-client';
import { masterQuery } from '../../api/screen-queries';
import { Alert, Card, Spinner } from '../../components/card';
import { useFeatureSet } from '../../lib/server-info';
import { BannerEditor } from '../banners/banner-editor';
import { isMasterSlot, MASTER_SLOTS, masterSlotOffered } from './master-slots';

export { isMasterSlot, MASTER_SLOTS, type MasterSlot } from './master-slots';

/**
 * /admin/master/{slotId}: the master content of a slot is kept on the master entity that the
 * install created; this screen names it and leads into its editor.
 */
/** The page's heading per slot: the same words as its link in the superadmin menu. */
const MASTER_TITLES = {
  adsSmall: 'masterAdsSmall',
  adsLarge: 'masterAdsLarge',
  template: 'masterTemplate',
} as const;

export default function MasterPage() {
  const { t } = useTranslation('admin');
  const { slotId } = useParams();
  const featureSet = useFeatureSet();
  const valid = isMasterSlot(slotId) && masterSlotOffered(slotId, featureSet);
  const query = useQuery({ ...masterQuery, enabled: valid }, queryClient);
  const master = query.data ?? null;
  const failed = query.isError;

  // A known ad slot the feature set leaves out is no "unknown id": it says why there is no page.
  if (!isMasterSlot(slotId))
    return (
      <Card>
        <Alert kind="error">{t('master.unknownSlot', { slotId })}</Alert>
      </Card>
    );
  const title = t(`nav.${MASTER_TITLES[slotId]}`);
  if (!valid)
    return (
      <Card title={title}>
        <Alert kind="info">{t('master.notOffered')}</Alert>
      </Card>
    );

  const entity = master?.entity;
  const editor = entity?.id ? (
    <BannerEditor
      key={slotId}
      entityId={entity.id}
      slot={slotId === 'template' ? 'banner' : slotId}
      templates={slotId === 'template'}
      title={title}
      editable
    />
  ) : null;
  return (
    <div className="flex flex-col gap-4">
      {/* No title of its own: the editor below carries the page's one heading. */}
      <Card>
        {failed && <Alert kind="error">{t('master.loadFailed')}</Alert>}
        {!master && !failed ? (
          <Spinner size={40} />
        ) : entity?.id ? (
          <div className="flex flex-col gap-2 text-sm">
            <p>{t('master.intro', { name: entity.name })}</p>
            {master?.display?.name && (
              <p className="text-slate-600">{t('master.display', { name: master.display.name })}</p>
            )}
            <Link
              to={`/entities/${entity.id}/${MASTER_SLOTS[slotId]}`}
              className="font-medium text-primary-700 underline"
            >
              {t('master.open')}
            </Link>
          </div>
        ) : null}
      </Card>
      {editor}
    </div>
  );
}
