import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Alert, Card } from '../../components/card';
import { useIsAdmin } from '../../state/permissions';
import { BannerEditor } from '../banners/banner-editor';
import { contentSlot } from '../banners/slot-feature';
import { useSlotGate } from '../banners/use-slot-gate';
import { useEntity } from '../entity/entity-frame';
import ClientNotFound from '../errors/client-not-found-page';

/** /entities/:id/content/:contentSlotId: banner or partnerLogo, when its feature is on. */
export default function ContentPage() {
  const { t } = useTranslation('banners');
  const entity = useEntity();
  const slot = contentSlot(useParams().contentSlotId);
  const gate = useSlotGate(entity, slot);
  const isAdmin = useIsAdmin();
  // The partner logo is a superadmin screen (content spec §6), like the ads.
  if (slot === 'partnerLogo' && !isAdmin) return <ClientNotFound />;
  if (!slot)
    return (
      <Card>
        <Alert kind="error">{t('unknownSlot')}</Alert>
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
