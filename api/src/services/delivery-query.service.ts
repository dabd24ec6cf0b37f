import { dueOnScreen, type QuietHours, type Schedule, type ScreenChainEntity } from '@oppslag/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { contents, displayDeliveries, displayHealth, entities, notes } from '../db/schema/index';
import { notFound } from '../errors';

export interface DeliveryRow {
  id: number;
  name: string;
  shownAt: Date | null;
  lastSeenAt: Date | null;
  /** Whether the display should be showing the item now (common's dueOnScreen). */
  due: boolean;
}

interface Item {
  start: Date;
  end: Date | null;
  schedule: Schedule | null;
  approved: boolean;
}

/** The note or banner slide, readable at the path's entity (its own or inherited), or 404. */
async function loadItem(
  tx: Tx,
  kind: 'note' | 'content',
  ancestry: readonly number[],
  itemId: number,
): Promise<Item> {
  const [row] =
    kind === 'note'
      ? await tx
          .select({ start: notes.date, end: notes.end, schedule: notes.schedule, approved: notes.approved })
          .from(notes)
          .where(and(eq(notes.id, itemId), inArray(notes.entityId, [...ancestry])))
      : await tx
          .select({
            start: contents.start,
            end: contents.end,
            schedule: contents.schedule,
            approved: contents.approved,
          })
          .from(contents)
          .where(
            and(
              eq(contents.id, itemId),
              eq(contents.slot, 'banner'),
              inArray(contents.entityId, [...ancestry]),
            ),
          );
  if (!row) throw notFound(kind === 'note' ? 'Note' : 'Content');
  return { ...row, schedule: row.schedule ?? null, approved: row.approved === true };
}

/**
 * Proof of delivery of a note or banner slide readable at `entityId` (its own or inherited): every
 * live display at or below `entityId`, with the first time it showed the item and whether it should
 * be showing it now (its schedule, the screen's quiet hours and slot switch, read along the screen's
 * chain). The scope is the path's entity, not the item's, so a reader of a group never learns of
 * displays in sibling groups.
 */
export async function readDelivery(
  tx: Tx,
  kind: 'note' | 'content',
  entityId: number,
  ancestry: readonly number[],
  itemId: number,
  now: Date,
): Promise<DeliveryRow[]> {
  const item = await loadItem(tx, kind, ancestry, itemId);
  type Raw = {
    id: number;
    parent_id: number | null;
    type: string;
    name: string;
    quiet_hours: QuietHours | null;
    features: string[];
    shown_at: string | Date | null;
    seen: string | Date | null;
  };
  const rows = rowsOf<Raw>(
    await tx.execute(
      sql`with recursive sub(id) as (
          select id from entities where id = ${entityId} and deleted = false
          union
          select c.id from entities c join sub s on c.parent_id = s.id where c.deleted = false
        )
        select e.id, e.parent_id, e.type, e.name, e.quiet_hours, e.features, d.shown_at,
          h.last_heartbeat_at as seen
        from entities e
        join sub on sub.id = e.id
        left join ${displayDeliveries} d on d.display_id = e.id and d.kind = ${kind} and d.item_id = ${itemId}
        left join ${displayHealth} h on h.display_id = e.id
        order by e.name, e.id`,
    ),
  );
  // The chain above the path's entity: its quiet hours and switches reach the displays below.
  const above = await tx
    .select({
      id: entities.id,
      parentId: entities.parentId,
      quietHours: entities.quietHours,
      features: entities.features,
    })
    .from(entities)
    .where(
      inArray(
        entities.id,
        ancestry.filter((id) => id !== entityId),
      ),
    );
  const byId = new Map<number, ScreenChainEntity & { parentId: number | null }>();
  for (const a of above) byId.set(a.id, a);
  for (const r of rows)
    byId.set(Number(r.id), { parentId: r.parent_id, quietHours: r.quiet_hours, features: r.features });
  const chainOf = (id: number) => {
    const chain: ScreenChainEntity[] = [];
    for (
      let e = byId.get(id);
      e && chain.length < 65;
      e = e.parentId === null ? undefined : byId.get(e.parentId)
    )
      chain.push(e);
    return chain;
  };
  const slot = kind === 'note' ? 'note' : 'banner';
  const date = (v: string | Date | null) => (v === null ? null : new Date(v));
  return rows
    .filter((r) => r.type === 'display')
    .map((r) => ({
      id: Number(r.id),
      name: r.name,
      shownAt: date(r.shown_at),
      lastSeenAt: date(r.seen),
      due: dueOnScreen(item, slot, chainOf(Number(r.id)), now),
    }));
}
