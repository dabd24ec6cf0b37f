import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Alert, Card } from '../../components/card';
import { useIsAdmin } from '../../state/permissions';
import { BannerEditor } from '../banners/banner-editor';
import { adSlot } from '../banners/slot-feature';
import { useSlotGate } from '../banners/use-slot-gate';
import { useEntity } from '../entity/entity-frame';
import ClientNotFound from '../errors/client-not-found-page';

/** /entities/:id/ads/:size: small or large ads, admin only and only when the feature is on. */
export default function AdsPage() {
  const { t } = useTranslation('banners');
  const entity = useEntity();
  const isAdmin = useIsAdmin();
  const slot = adSlot(useParams().size);
  const gate = useSlotGate(entity, slot);
  if (!isAdmin) return <ClientNotFound />;
  if (!slot)
    return (
      <Card>
        <Alert kind="error">{t('unknownAdSize')}</Alert>
      </Card>
    );
  if (!gate.visible)
    return (
      <Card title={t(`titles.${slot}`)}>
        <Alert kind="info">{t('featureOff')}</Alert>
      </Card>
    );
  return (
    <BannerEditor
      key={slot}
      entityId={entity.id}
      slot={slot}
      title={t(`titles.${slot}`)}
      editable={gate.editable}
    />
  );
}
