import { and, eq } from 'drizzle-orm';
import { anyOf } from '../db/any-of';
import { entities } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { type Budget, consumeAll, type LimitedCtx, rateLimiter, withRetryAfter } from '../lib/rate-limit';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/**
 * Budgets of the routes that cost work or send something (issue 28 item 8); sign-in and reset
 * have theirs in login-limiter.service.ts. Figures are a person's honest use with room to spare:
 * - screenshot requests: 6 a minute per screen (each is a capture command pushed to it and an
 *   image written back; the screen sends at most one every 2 s) and 30 an hour per user;
 * - transit stop search: 60 a minute per user (a debounced search box; each miss calls Entur);
 * - display preview tokens: 30 per 10 minutes per user (each is a signed token of 30 minutes);
 * - upload volume: 500 MB a day per organization, counted in the bytes stored (originals and
 *   browser crops); 25 uploads of the largest file allowed (20 MB).
 */
export const ROUTE_LIMITS = {
  screenshotDisplay: { points: 6, duration: MINUTE },
  screenshotUser: { points: 30, duration: 60 * MINUTE },
  stopSearch: { points: 60, duration: MINUTE },
  preview: { points: 30, duration: 10 * MINUTE },
  uploadBytes: { points: 500 * 1024 * 1024, duration: DAY },
} as const satisfies Record<string, Budget>;
type LimitName = keyof typeof ROUTE_LIMITS;

const MESSAGE = 'Too many requests. Please wait a while and try again.';
const cache = new WeakMap<AppDeps, Map<LimitName, ReturnType<typeof rateLimiter>>>();

function limiterOf(deps: AppDeps, name: LimitName) {
  const byName = cache.get(deps) ?? new Map<LimitName, ReturnType<typeof rateLimiter>>();
  cache.set(deps, byName);
  const limiter = byName.get(name) ?? rateLimiter(deps, `route-${name}`, ROUTE_LIMITS[name]);
  byName.set(name, limiter);
  return limiter;
}

/**
 * Takes `cost` points (1 by default) from each named budget for its key; when one is spent the
 * request is answered 429 with Retry-After, and the route does nothing.
 */
export function spend(
  ctx: LimitedCtx,
  deps: AppDeps,
  charges: { budget: LimitName; key: string | number; cost?: number }[],
): Promise<void> {
  return withRetryAfter(
    ctx,
    consumeAll(
      charges.map((c) => limiterOf(deps, c.budget).consume(String(c.key), c.cost ?? 1)),
      MESSAGE,
    ),
  );
}

/**
 * Counts `bytes` about to be stored against the day's upload volume of the organization the
 * entity (given by its ancestry, self first) belongs to: its nearest organization ancestor, or
 * the top of its chain for an entity outside any organization.
 */
export async function spendUploadVolume(
  ctx: LimitedCtx,
  deps: AppDeps,
  ancestry: number[],
  bytes: number,
): Promise<void> {
  const orgs = await deps.database.db
    .select({ id: entities.id })
    .from(entities)
    .where(and(anyOf(entities.id, ancestry), eq(entities.type, 'organization')));
  const ids = new Set(orgs.map((o) => o.id));
  const org = ancestry.find((id) => ids.has(id)) ?? ancestry[ancestry.length - 1];
  await spend(ctx, deps, [{ budget: 'uploadBytes', key: org, cost: bytes }]);
}
