import { useEntity } from '../entity/entity-frame';
import { HistoryList } from './history-list';

/** The entity's History tab: its changes and those of its descendants (owners and administrators). */
export default function HistoryTab() {
  const entity = useEntity();
  return <HistoryList entityId={entity.id} />;
}
