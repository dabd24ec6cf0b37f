import type { HistoryEntry } from '@oppslag/common';
import type { history } from '../db/schema/index';

/** The only way a history row leaves the API. */
export function presentHistory(
  row: typeof history.$inferSelect,
  joined: {
    entityName: string | null;
    actorName: string | null;
    actorEmail: string | null;
    subjectLabel: string | null;
  },
): HistoryEntry {
  const { entityName, actorName, actorEmail, subjectLabel } = joined;
  return {
    id: row.id,
    entityId: row.entityId,
    entityName,
    kind: row.kind,
    action: row.action,
    subjectId: row.subjectId,
    subjectLabel,
    actor:
      row.actorId !== null && actorEmail !== null
        ? { id: row.actorId, name: actorName, email: actorEmail }
        : null,
    source: row.source,
    changes: row.changes,
    createdAt: row.createdAt.toISOString(),
  };
}
