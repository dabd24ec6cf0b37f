import { z } from 'zod';
import { queryInt } from './query';

/**
 * The change history (issue 17): who changed what, when and from where. One row per recorded
 * domain event that changes content, members, settings or approvals; written by `recordEvent`
 * itself, so no service can forget it.
 */
export const HISTORY_KINDS = ['note', 'content', 'approval', 'member', 'settings', 'entity'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** Where a change came from: the console, an SMS, the API (key or script), a screen, or the system. */
export const HISTORY_SOURCES = ['console', 'sms', 'api', 'display', 'system'] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

export const historyChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const historyEntrySchema = z.object({
  id: z.number().int(),
  entityId: z.number().int().nullable(),
  entityName: z.string().nullable(),
  kind: z.enum(HISTORY_KINDS),
  /** The event type, e.g. `note.updated`, `member.added`. */
  action: z.string(),
  /** The note, content, user or entity changed. */
  subjectId: z.number().int().nullable(),
  /** A readable name of the subject where it has one (the member's e-mail). */
  subjectLabel: z.string().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string() }).nullable(),
  source: z.enum(HISTORY_SOURCES),
  /** Changed fields, before and after; long texts are cut. */
  changes: z.record(z.string(), historyChangeSchema),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyQuerySchema = z.object({
  kind: z.enum(HISTORY_KINDS, { error: `Kind must be one of ${HISTORY_KINDS.join(', ')}` }).optional(),
  userId: queryInt('User id').optional(),
  /** The last id of the previous page; pages go from newest to oldest. */
  cursor: queryInt('Cursor').optional(),
  limit: queryInt('Limit').pipe(z.number().max(200, 'Limit cannot be more than 200')).optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyPageSchema = z.object({
  entries: z.array(historyEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;
