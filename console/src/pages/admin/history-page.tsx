import { HistoryList } from '../history/history-list';

/** The superadmin's history of every entity. */
export default function AdminHistoryPage() {
  return <HistoryList entityId={null} />;
}
