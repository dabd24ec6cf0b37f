import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { adminApi, type MasterAnswer } from '../../api/admin.api';
import { Alert, Card, Spinner } from '../../components/card';
import { BannerEditor } from '../banners/banner-editor';

/** Master slots and where their content is edited on the master entity. */
export const MASTER_SLOTS = { adsSmall: 'ads/small', adsLarge: 'ads/large', template: 'templates' } as const;
export type MasterSlot = keyof typeof MASTER_SLOTS;
export const isMasterSlot = (value: string | undefined): value is MasterSlot =>
  !!value && value in MASTER_SLOTS;

/**
 * /admin/master/{slotId}: the master content of a slot is kept on the master entity that the
 * install created; this screen names it and leads into its editor.
 */
export default function MasterPage() {
  const { t } = useTranslation('admin');
  const { slotId } = useParams();
  const [master, setMaster] = useState<MasterAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const valid = isMasterSlot(slotId);

  useEffect(() => {
    if (!valid) return;
    adminApi.master().then(
      (m) => setMaster(m),
      () => setFailed(true),
    );
  }, [valid]);

  if (!valid)
    return (
      <Card title={t('master.title', { slotId })}>
        <Alert kind="error">{t('master.unknownSlot')}</Alert>
      </Card>
    );

  const entity = master?.entity;
  const editor = entity?.id ? (
    <BannerEditor
      key={slotId}
      entityId={entity.id}
      slot={slotId === 'template' ? 'banner' : slotId}
      templates={slotId === 'template'}
      title={t('master.title', { slotId })}
      editable
    />
  ) : null;
  return (
    <div className="flex flex-col gap-4">
      <Card title={t('master.title', { slotId })}>
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
