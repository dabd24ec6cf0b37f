import {
  type AppDeps,
  darkScreenSms,
  isOnline,
  loadChain,
  queueMemberSms,
  recordEvent,
  registeredDisplays,
  unitOfWork,
} from '@oppslag/api/core';
import { inQuietHours, resolveQuietHours } from '@oppslag/common';
import { defined } from '@oppslag/common/defined.ts';
import { propertyOf } from '@oppslag/common/property-of.ts';
import type { Queue } from 'bullmq';

/** A screen offline this long (outside quiet hours) is "dark" (issue 16). */
export const DARK_AFTER_MS = 5 * 60_000;
/** How often the sweep looks; a dark screen is reported between 5 and 5.5 minutes after it went. */
export const DARK_SWEEP_EVERY_MS = 30_000;
const SCHEDULER = 'dark-screens';

/** Per display the sweep has seen online: since when it is offline (null: online) and whether it was reported. */
interface Watch {
  offlineSince: number | null;
  dark: boolean;
}

/** A watch as the sweep stored it (JSON in a Redis hash), read field by field. */
function readWatch(stored: string): Watch {
  const value: unknown = JSON.parse(stored);
  const offlineSince = propertyOf(value, 'offlineSince');
  return {
    offlineSince: typeof offlineSince === 'number' ? offlineSince : null,
    dark: propertyOf(value, 'dark') === true,
  };
}

const watchKey = (deps: AppDeps) => `${deps.config.redisPrefix}:dark-screens`;

/**
 * One pass over the registered displays, against the presence marks the gateway keeps. A display
 * is watched once it has been seen online (so a screen dead long before the first sweep never sets
 * off an SMS); it turns dark after `DARK_AFTER_MS` offline when its chain is not in quiet hours,
 * and back when it is online again after being dark. Each change is one `display.darkChanged`
 * event and, in its transaction, the SMS to the chain's notification members as outbound rows
 * (sent by `sms/send` like every SMS); the state lives in one Redis hash, so a second worker or a
 * restart does not report a screen twice.
 */
export async function sweepDarkScreens(deps: AppDeps): Promise<{ dark: number[]; back: number[] }> {
  const now = deps.now().getTime();
  const displays = await registeredDisplays(deps.database.db);
  const ids = displays.map((d) => d.id);
  const online = await isOnline(deps.redis, deps.config.redisPrefix, ids);
  const stored = await deps.redis.hgetall(watchKey(deps));
  const next = new Map<string, string>();
  const dark: number[] = [];
  const back: number[] = [];

  for (const id of ids) {
    const before: Watch | null = stored[id] ? readWatch(stored[id]) : null;
    let after: Watch | null = before;
    if (online.has(id)) {
      if (before?.dark) back.push(id);
      after = { offlineSince: null, dark: false };
    } else if (before) {
      const since = before.offlineSince ?? now;
      after = { offlineSince: since, dark: before.dark };
      if (!before.dark && now - since >= DARK_AFTER_MS && !(await quietNow(deps, id, now))) {
        dark.push(id);
        after.dark = true;
      }
    }
    if (after) next.set(String(id), JSON.stringify(after));
  }

  const changes = [
    ...dark.map((id) => ({
      id,
      dark: true,
      since: readWatch(defined(next.get(String(id)), 'a dark screen watch')).offlineSince,
    })),
    ...back.map((id) => ({ id, dark: false, since: readWatch(stored[id]).offlineSince })),
  ];
  const nameOf = new Map(displays.map((d) => [d.id, d.name]));
  for (const change of changes) {
    const offlineSince = new Date(change.since ?? now).toISOString();
    await unitOfWork(deps, async (tx) => {
      // Keyed by the outage, not the event: two sweeps racing on one outage still text once.
      await queueMemberSms(
        tx,
        {
          entityId: change.id,
          key: `dark:${change.id}:${offlineSince}:${change.dark ? 'dark' : 'back'}`,
          kind: 'dark_screen',
        },
        (language) => darkScreenSms(language, nameOf.get(change.id) ?? '', change.dark),
        deps.now(),
      );
      await recordEvent(tx, {
        type: 'display.darkChanged',
        entityId: change.id,
        data: { dark: change.dark, offlineSince },
      });
    });
  }
  // Written after the events: a crash between the two repeats an event, whose SMS its key stops.
  const pipeline = deps.redis.multi().del(watchKey(deps));
  if (next.size > 0) pipeline.hset(watchKey(deps), Object.fromEntries(next));
  await pipeline.exec();
  return { dark, back };
}

async function quietNow(deps: AppDeps, displayId: number, now: number): Promise<boolean> {
  const chain = await loadChain(deps.database.db, displayId);
  return chain ? inQuietHours(resolveQuietHours(chain), new Date(now)) : false;
}

/** Creates the sweep's scheduler unless it exists with this interval. */
export async function ensureDarkScreenScheduler(queue: Queue): Promise<void> {
  const existing = await queue.getJobScheduler(SCHEDULER);
  if (existing && Number(existing.every) === DARK_SWEEP_EVERY_MS) return;
  await queue.upsertJobScheduler(
    SCHEDULER,
    { every: DARK_SWEEP_EVERY_MS },
    { name: 'darkScreens', data: {} },
  );
}
