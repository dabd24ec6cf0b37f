import { useParams } from 'react-router-dom';
import { useIsAdmin } from '../../state/permissions';
import { contentSlot } from '../banners/slot-feature';
import { SlotScreen } from '../banners/slot-screen';
import { useEntity } from '../entity/entity-frame';
import ClientNotFound from '../errors/client-not-found-page';

/** /entities/:id/content/:contentSlotId: banner or partnerLogo, when its feature is on. */
export default function ContentPage() {
  const entity = useEntity();
  const slot = contentSlot(useParams().contentSlotId);
  const isAdmin = useIsAdmin();
  // The partner logo is a superadmin screen (content spec §6), like the ads.
  if (slot === 'partnerLogo' && !isAdmin) return <ClientNotFound />;
  return <SlotScreen entity={entity} slot={slot} unknownKey="unknownSlot" />;
}
