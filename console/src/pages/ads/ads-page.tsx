import { useParams } from 'react-router-dom';
import { useIsAdmin } from '../../state/permissions';
import { adSlot } from '../banners/slot-feature';
import { SlotScreen } from '../banners/slot-screen';
import { useEntity } from '../entity/entity-frame';
import ClientNotFound from '../errors/client-not-found-page';

/** /entities/:id/ads/:size: small or large ads, admin only and only when the feature is on. */
export default function AdsPage() {
  const entity = useEntity();
  const isAdmin = useIsAdmin();
  const slot = adSlot(useParams().size);
  if (!isAdmin) return <ClientNotFound />;
  return <SlotScreen entity={entity} slot={slot} unknownKey="unknownAdSize" />;
}
