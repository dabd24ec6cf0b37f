import { useCan, useIsAdmin } from '../../../state/permissions';
import { useEntity } from '../entity-frame';
import { BannerSettingsCard } from './banner-settings-card';
import { DeleteEntityCard } from './delete-entity-card';
import { DisplaySettingsCard } from './display-settings-card';
import { EntitySettingsCard } from './entity-settings-card';
import { QuietHoursCard } from './quiet-hours-card';
import { ServiceSettingsCard } from './service-settings-card';
import { SmsSettingsCard } from './sms-settings-card';
import { SmsStopCard } from './sms-stop-card';
import { SpecialFeaturesCard } from './special-features-card';
import { TransitStopsCard } from './transit-stops-card';

/** Entity settings: one card per concern (platform spec §2). */
export default function SettingsTab() {
  const entity = useEntity();
  const isAdmin = useIsAdmin();
  const mayEdit = useCan(entity.id, 'edit_entity');
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <EntitySettingsCard entity={entity} readOnly={!mayEdit} />
      <DisplaySettingsCard entity={entity} readOnly={!mayEdit} />
      <SmsSettingsCard entity={entity} readOnly={!mayEdit} />
      {mayEdit && entity.type === 'organization' && <SmsStopCard entity={entity} />}
      <ServiceSettingsCard entity={entity} readOnly={!mayEdit} />
      {entity.type !== 'system' && <QuietHoursCard entity={entity} readOnly={!mayEdit} />}
      <BannerSettingsCard entity={entity} readOnly={!mayEdit} />
      <TransitStopsCard entityId={entity.id} readOnly={!mayEdit} />
      {isAdmin && <SpecialFeaturesCard entity={entity} />}
      {isAdmin && entity.parentId !== null && <DeleteEntityCard entity={entity} />}
    </div>
  );
}
