import { createHmac, timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import { bullPrefix, QUEUE_NAMES } from '@oppslag/common';
import { Queue } from 'bullmq';
import type { Context, Middleware, Next } from 'koa';
import type { AppDeps } from '../../deps';
import { forbidden, unauthorized } from '../../errors';
import { type ApiState, type AuthedUser, bearerToken, currentUser } from '../../middleware/auth';

/** Where the BullMQ dashboard lives; the session cookie is scoped to this path only. */
export const QUEUES_BOARD_PATH = '/api/admin/queues';
export const QUEUES_BOARD_COOKIE = 'oppslag_queues';
/** A board session outlives no console token for long: one hour, then the console opens it again. */
export const QUEUES_BOARD_SESSION_SECONDS = 3600;

/**
 * The bull-board dashboard for superadmins. The console keeps its JWT in localStorage, which a
 * browser does not send on navigation, so the board accepts three credentials:
 * - `Authorization: Bearer <jwt>` on any board request (scripts, tests);
 * - `POST /api/admin/queues/session` with the bearer token: sets the session cookie (204);
 * - `GET /api/admin/queues?token=<jwt>`: sets the session cookie and redirects to the clean URL.
 * The cookie is HttpOnly, SameSite=Strict, scoped to the board's path, and holds no JWT: it is an
 * HMAC over (user id, token version, expiry), so a password change or demotion ends it at once.
 */
export function queuesBoard(deps: AppDeps): Middleware<ApiState> {
  let board: Middleware | null = null;
  const mount = () => {
    const queues = QUEUE_NAMES.map(
      (name) =>
        new BullMQAdapter(
          // The API's own Redis connection: producers need no blocking commands, and closing the
          // deps closes it.
          new Queue(name, { connection: deps.redis, prefix: bullPrefix(deps.config.redisPrefix) }),
        ),
    );
    const adapter = new KoaAdapter();
    adapter.setBasePath(QUEUES_BOARD_PATH);
    createBullBoard({
      queues,
      serverAdapter: adapter,
      options: { uiConfig: { boardTitle: 'Oppslag queues' } },
    });
    return adapter.registerPlugin() as unknown as Middleware;
  };

  return async (ctx, next) => {
    if (ctx.path !== QUEUES_BOARD_PATH && !ctx.path.startsWith(`${QUEUES_BOARD_PATH}/`)) return next();
    const queryToken = typeof ctx.query.token === 'string' ? ctx.query.token : null;
    if (ctx.path === `${QUEUES_BOARD_PATH}/session` && ctx.method === 'POST') {
      await startSession(deps, ctx, bearerToken(ctx.get('authorization') || undefined));
      ctx.status = 204;
      return;
    }
    if (queryToken && ctx.method === 'GET') {
      await startSession(deps, ctx, queryToken);
      // The token leaves the address bar (and history) at once.
      ctx.status = 303;
      ctx.redirect(`${QUEUES_BOARD_PATH}/`);
      return;
    }
    const user = ctx.state.user ?? (await sessionUser(deps, ctx.cookies.get(QUEUES_BOARD_COOKIE)));
    if (!user) throw unauthorized();
    if (!user.admin) throw forbidden('Superadmin only');
    board ??= mount();
    await board(ctx as unknown as Context, next as Next);
  };
}

async function startSession(deps: AppDeps, ctx: Context, token: string | null): Promise<void> {
  const claims = token ? await deps.tokens.verifyUser(token) : null;
  const user = claims ? await currentUser(deps, claims.user.id, claims.tv) : null;
  if (!claims || !user) throw unauthorized();
  if (!user.admin) throw forbidden('Superadmin only');
  const expires = Math.floor(deps.now().getTime() / 1000) + QUEUES_BOARD_SESSION_SECONDS;
  const payload = `${user.id}.${claims.tv}.${expires}`;
  ctx.cookies.set(QUEUES_BOARD_COOKIE, `${payload}.${sign(deps, payload)}`, {
    httpOnly: true,
    sameSite: 'strict',
    path: QUEUES_BOARD_PATH,
    secure: ctx.secure,
    maxAge: QUEUES_BOARD_SESSION_SECONDS * 1000,
    overwrite: true,
  });
}

async function sessionUser(deps: AppDeps, cookie: string | undefined): Promise<AuthedUser | null> {
  const match = cookie ? /^(\d+)\.(\d+)\.(\d+)\.([\w-]+)$/.exec(cookie) : null;
  if (!match) return null;
  const [, id, tv, expires, signature] = match;
  const expected = Buffer.from(sign(deps, `${id}.${tv}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 < deps.now().getTime()) return null;
  return currentUser(deps, Number(id), Number(tv));
}

function sign(deps: AppDeps, payload: string): string {
  return createHmac('sha256', deps.config.jwtSecret).update(`queues-board:${payload}`).digest('base64url');
}
