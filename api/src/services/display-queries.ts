import type { Schedule } from '@oppslag/common';
import type { Db } from '../db/client';
import { runPrepared } from '../db/prepared';

/**
 * The three queries behind every display poll, as fixed SQL sent straight to the driver (a named
 * prepared statement on node-postgres). A display asks the same questions every few seconds, and
 * building and mapping them through the query builder cost more CPU than running them. Arrays go
 * in as one parameter (`= any($1)`), so the statement text never varies. Column names are aliased
 * to the camelCase the rest of the API uses; both drivers parse timestamps into Date.
 */
const SQL = {
  chain: `
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from entities where id = $1
      union all
      select e.id, e.parent_id, c.depth + 1 from entities e join chain c on e.id = c.parent_id where c.depth < 64
    ), master as (select master_display_id as id from installation where id = 1)
    select e.id, e.parent_id as "parentId", e.type, e.deleted, e.api_key_version as "apiKeyVersion",
      e.banner_fallback_text as "bannerFallbackText", e.features, e.updated_at as "updatedAt", s.seq,
      coalesce(e.id = (select id from master), false) as "isMaster"
    from entities e left join entity_sequences s on s.entity_id = e.id
    where e.id in (select id from chain) or e.id = (select id from master)`,
  notes: `
    select id, entity_id as "entityId", text, icon, icon_color as "iconColor", date, "end", sticky, schedule
    from notes where entity_id = any($1::int[]) and approved`,
  contents: `
    select c.id, c.entity_id as "entityId", c.slot, c.type, c.start, c."end", c.duration, c.schedule,
      c.template_id as "templateId", c.template_text as "templateText",
      a.id as "assetId", a.type as "assetType", a.mime as "assetMime", a.page as "assetPage",
      a.has_cropped as "assetHasCropped", a.updated_at as "assetUpdatedAt"
    from contents c left join assets a on a.id = c.asset_id
    where c.entity_id = any($1::int[]) and c.slot = any($2::text[]) and c.approved is true and not c.is_template
    order by c.start asc, c.id desc`,
} as const;

/** The columns of a display's chain that its content and its version depend on. */
export interface ChainEntity {
  id: number;
  parentId: number | null;
  type: 'system' | 'group' | 'organization' | 'display';
  deleted: boolean;
  apiKeyVersion: number;
  bannerFallbackText: string | null;
  /** The special features the entity switched on (a slot is on below where it is switched on). */
  features: string[];
  updatedAt: Date;
  /** The entity's last event sequence number (null before its first event). */
  seq: number | null;
  /** The installation's master display (master.service.ts), read in the same query. */
  isMaster: boolean;
}

export interface DisplayNoteRow {
  id: number;
  entityId: number;
  text: string;
  icon: string;
  iconColor: string;
  date: Date;
  end: Date | null;
  sticky: boolean;
  schedule: Schedule | null;
}

export interface DisplaySlideRow {
  id: number;
  entityId: number;
  slot: 'banner' | 'partnerLogo' | 'adsSmall' | 'adsLarge';
  type: 'banner-asset' | 'banner-template';
  start: Date;
  end: Date | null;
  duration: number | null;
  schedule: Schedule | null;
  templateId: string | null;
  templateText: string | null;
  assetId: number | null;
  assetType: number | null;
  assetMime: string | null;
  assetPage: number | null;
  assetHasCropped: boolean | null;
  assetUpdatedAt: Date | null;
}

// Named statements on the driver, past Drizzle's query building (db/prepared.ts).
const run = <T>(db: Db, name: keyof typeof SQL, values: unknown[]) =>
  runPrepared<T>(db, `display_${name}`, SQL[name], values);

export const displayQueries = {
  chain: (db: Db, id: number) => run<ChainEntity>(db, 'chain', [id]),
  notes: (db: Db, ids: number[]) => run<DisplayNoteRow>(db, 'notes', [ids]),
  contents: (db: Db, ids: number[], slots: string[]) => run<DisplaySlideRow>(db, 'contents', [ids, slots]),
};
