import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { assets, contents, entities, entitySequences, notes } from '../db/schema/index';

/**
 * The three queries behind every display poll, prepared once per database: building a Drizzle
 * query costs more CPU than running it, and a display asks the same questions every time.
 * Arrays go in as one parameter (`= any($1)`), so the statement text never varies.
 */
function prepare(db: Db) {
  return {
    chain: db
      .select({ entity: entities, seq: entitySequences.seq })
      .from(entities)
      .leftJoin(entitySequences, eq(entitySequences.entityId, entities.id))
      .where(
        sql`${entities.id} in (
          with recursive chain(id, parent_id, depth) as (
            select id, parent_id, 0 from entities where id = ${sql.placeholder('id')}
            union all
            select e.id, e.parent_id, c.depth + 1 from entities e join chain c on e.id = c.parent_id where c.depth < 64
          ) select id from chain) or ${entities.id} = ${sql.placeholder('masterId')}`,
      )
      .prepare('display_chain'),
    notes: db
      .select()
      .from(notes)
      .where(and(sql`${notes.entityId} = any(${sql.placeholder('ids')}::int[])`, eq(notes.approved, true)))
      .orderBy(desc(notes.sticky), desc(notes.date), desc(notes.id))
      .prepare('display_notes'),
    contents: db
      .select({
        content: contents,
        asset: {
          id: assets.id,
          type: assets.type,
          mime: assets.mime,
          page: assets.page,
          hasCropped: assets.hasCropped,
          updatedAt: assets.updatedAt,
        },
      })
      .from(contents)
      .leftJoin(assets, eq(assets.id, contents.assetId))
      .where(
        and(
          sql`${contents.entityId} = any(${sql.placeholder('ids')}::int[])`,
          sql`${contents.slot} = any(${sql.placeholder('slots')}::text[])`,
          eq(contents.approved, true),
          eq(contents.isTemplate, false),
        ),
      )
      .orderBy(asc(contents.start), desc(contents.id))
      .prepare('display_contents'),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

export function displayQueries(db: Db): ReturnType<typeof prepare> {
  let queries = prepared.get(db);
  if (!queries) {
    queries = prepare(db);
    prepared.set(db, queries);
  }
  return queries;
}
