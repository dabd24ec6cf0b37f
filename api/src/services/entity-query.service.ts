import type { Actor } from '@oppslag/common';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { entities } from '../db/schema/index';
import { notFound } from '../errors';
import type { EntityRow } from '../presenters/entity.presenter';
import { getGrants } from './access.service';
import { loadChain } from './entity-chain.service';

export interface EntityAncestor {
  id: number;
  name: string;
  features: string[];
}

/** A live (not deleted) entity row, or 404. */
export async function loadEntity(tx: Tx, id: number): Promise<EntityRow> {
  const [row] = await tx
    .select()
    .from(entities)
    .where(and(eq(entities.id, id), eq(entities.deleted, false)));
  if (!row) throw notFound('Entity');
  return row;
}

/**
 * The chain above `row` when the actor cannot read its parent (no grant there or above): what
 * the entity list attaches to a member's highest entities (`ancestorsInTree`), for the single-entity read.
 */
export async function ancestorsAbove(
  tx: Tx,
  actor: Actor,
  row: EntityRow,
): Promise<EntityAncestor[] | undefined> {
  if (actor.admin || row.parentId === null) return undefined;
  const chain = (await loadChain(tx, row.parentId)) ?? [];
  const granted = new Set((await getGrants(tx, actor.id)).map((g) => g.entityId));
  if (chain.some((e) => granted.has(e.id))) return undefined;
  return chain.map((e) => ({ id: e.id, name: e.name, features: e.features }));
}

/** Ids of a live entity and all its live descendants (the entity first). */
export async function subtreeIds(tx: Tx, rootId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: entities.id })
    .from(entities)
    .where(
      sql`${entities.id} in (
        with recursive sub(id) as (
          select id from entities where id = ${rootId} and deleted = false
          union
          select c.id from entities c join sub s on c.parent_id = s.id where c.deleted = false
        ) select id from sub)`,
    );
  const ids = rows.map((r) => r.id).filter((id) => id !== rootId);
  return rows.length ? [rootId, ...ids] : [];
}

/** Live direct children of an entity. */
export async function liveChildren(tx: Tx, parentId: number): Promise<EntityRow[]> {
  return tx
    .select()
    .from(entities)
    .where(and(eq(entities.parentId, parentId), eq(entities.deleted, false)))
    .orderBy(asc(entities.id));
}

interface RawEntity {
  id: number;
  name: string;
  type: EntityRow['type'];
  parent_id: number | null;
  orgnum: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  phone_number: string | null;
  display_information: string | null;
  orientation: number;
  code_word: string | null;
  show_code_word: boolean;
  note_board_background_color: string;
  banner_fallback_text: string | null;
  large_print: boolean | null;
  sms_daily_reply_limit: number;
  sms_monthly_budget: number;
  features: string[];
  services: Record<string, boolean>;
  latitude: number | null;
  longitude: number | null;
  quiet_hours: EntityRow['quietHours'];
  api_key: string | null;
  api_key_version: number;
  layout_id: string | null;
  registered_at: Date | string | null;
  deleted: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * Entity rows for list answers, read with plain SQL and mapped by hand: Drizzle's generic row mapping
 * was the largest cost of `GET /api/entities` (hundreds of rows per request). A column added to the
 * schema makes this mapping fail to compile until it is added here too.
 */
export async function selectEntities(tx: Tx, where: SQL): Promise<EntityRow[]> {
  const result = await tx.execute(sql`
    select id, name, type, parent_id, orgnum, street, zip, city, phone_number, display_information,
      orientation, code_word, show_code_word, note_board_background_color, banner_fallback_text, large_print,
      sms_daily_reply_limit, sms_monthly_budget,
      features, services, latitude, longitude, quiet_hours, api_key, api_key_version, layout_id, registered_at,
      deleted, created_at, updated_at
    from entities where ${where} order by id`);
  const rows = rowsOf<RawEntity>(result);
  return rows.map(
    (r): EntityRow => ({
      id: r.id,
      name: r.name,
      type: r.type,
      parentId: r.parent_id,
      orgnum: r.orgnum,
      street: r.street,
      zip: r.zip,
      city: r.city,
      phoneNumber: r.phone_number,
      displayInformation: r.display_information,
      orientation: r.orientation,
      codeWord: r.code_word,
      showCodeWord: r.show_code_word,
      noteBoardBackgroundColor: r.note_board_background_color,
      bannerFallbackText: r.banner_fallback_text,
      largePrint: r.large_print,
      smsDailyReplyLimit: r.sms_daily_reply_limit,
      smsMonthlyBudget: r.sms_monthly_budget,
      features: r.features,
      services: r.services,
      latitude: r.latitude,
      longitude: r.longitude,
      quietHours: r.quiet_hours ?? null,
      apiKey: r.api_key,
      apiKeyVersion: r.api_key_version,
      layoutId: r.layout_id,
      registeredAt: r.registered_at === null ? null : asDate(r.registered_at),
      deleted: r.deleted,
      createdAt: asDate(r.created_at),
      updatedAt: asDate(r.updated_at),
    }),
  );
}
