import type { ContentSlot } from '@oppslag/common/feature-sets.ts';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../api/entities.api';
import { Alert, Card } from '../../components/card';
import { BannerEditor } from './banner-editor';
import { useSlotGate } from './use-slot-gate';

/**
 * One content slot's screen (ads, banner, partner logo): an error when the route named no known
 * slot, a notice when the slot's feature is off here, otherwise its banner editor.
 */
export function SlotScreen({
  entity,
  slot,
  unknownKey,
}: {
  entity: Entity;
  slot: ContentSlot | null;
  unknownKey: 'unknownAdSize' | 'unknownSlot';
}) {
  const { t } = useTranslation('banners');
  const gate = useSlotGate(entity, slot);
  if (!slot)
    return (
      <Card>
        <Alert kind="error">{t(unknownKey)}</Alert>
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
