import { type AppDeps, recordEvent, rowsOf, unitOfWork } from '@oppslag/api/core';
import { eventDataSchemas, type JobEventType } from '@oppslag/common';
import { type SQL, sql } from 'drizzle-orm';

/** Events recorded per piece of work at most (the first plus redeliveries). */
export const MAX_JOB_DELIVERIES = 4;

/**
 * Per job event: the work still not done although its last event was handed to Redis before `cut`
 * (or never recorded, e.g. requested before an upgrade), as (entity id, event data) rows.
 */
function stalledWork(cut: Date): Record<JobEventType, SQL> {
  const at = sql`${cut.toISOString()}::timestamptz`;
  return {
    // An inbound SMS still `received`.
    'sms.received': sql`
      select null::int as entity_id, jsonb_build_object('smsMessageId', s.id) as data
      from sms_messages s
      where s.status = 'received' and s.received_at < ${at}
        and not exists (select 1 from events e where e.type = 'sms.received'
          and e.data->>'smsMessageId' = s.id::text and (e.sent_at is null or e.sent_at > ${at}))
        and (select count(*) from events e where e.type = 'sms.received'
          and e.data->>'smsMessageId' = s.id::text) < ${MAX_JOB_DELIVERIES}
      order by s.id limit 500`,
    // An outbound SMS not yet handed over (or whose hand-over the worker did not live to record).
    'sms.outboundQueued': sql`
      select o.entity_id, jsonb_build_object('outboundId', o.id) as data
      from sms_outbound o
      where o.status in ('queued', 'sending') and o.created_at < ${at}
        and not exists (select 1 from events e where e.type = 'sms.outboundQueued'
          and e.data->>'outboundId' = o.id::text and (e.sent_at is null or e.sent_at > ${at}))
        and (select count(*) from events e where e.type = 'sms.outboundQueued'
          and e.data->>'outboundId' = o.id::text) < ${MAX_JOB_DELIVERIES}
      order by o.id limit 500`,
    // An asset whose newest crop version has no rendition.
    'asset.cropRequested': sql`
      select a.entity_id, jsonb_build_object('assetId', a.id, 'cropVersion', a.crop_version) as data
      from assets a
      where a.crop_version > 0 and a.updated_at < ${at}
        and a.cropped_key is distinct from ('cropped/' || a.id || '-v' || a.crop_version || '.webp')
        and not exists (select 1 from events e where e.type = 'asset.cropRequested'
          and e.data->>'assetId' = a.id::text and e.data->>'cropVersion' = a.crop_version::text
          and (e.sent_at is null or e.sent_at > ${at}))
        and (select count(*) from events e where e.type = 'asset.cropRequested'
          and e.data->>'assetId' = a.id::text
          and e.data->>'cropVersion' = a.crop_version::text) < ${MAX_JOB_DELIVERIES}
      order by a.id limit 500`,
  };
}

/**
 * Redelivers work whose job Redis lost (restart without persistence, failover) or that failed all
 * its attempts. "Redis is down" needs nothing here: the event then waits unsent in the outbox. Only
 * when an event was handed over at least `afterMs` ago and PostgreSQL says its work is still not
 * done is the event recorded again, so the work re-enters through the outbox like the first time.
 * Jobs tolerate repeats (the SMS row lock and status, the crop version), and at most
 * MAX_JOB_DELIVERIES events per piece of work keep a message that always fails from cycling.
 */
export async function redeliverStalledJobs(
  deps: Pick<AppDeps, 'database' | 'outbox' | 'now'>,
  afterMs: number,
): Promise<number> {
  const queries = stalledWork(new Date(deps.now().getTime() - afterMs));
  const count = await unitOfWork(deps, async (tx) => {
    let n = 0;
    for (const type of Object.keys(queries) as JobEventType[]) {
      const result = await tx.execute(queries[type]);
      const rows = rowsOf<{ entity_id: number | null; data: unknown }>(result);
      for (const row of rows) {
        // The query built `data` in the event's own shape; parse it so a drift fails here, not later.
        const data = eventDataSchemas[type].parse(row.data);
        await recordEvent(tx, { type, entityId: row.entity_id, data });
        n++;
      }
    }
    return n;
  });
  return count;
}
