import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import { bullPrefix, QUEUE_NAMES } from '@oppslag/common';
import { Queue } from 'bullmq';
import type { Context, Middleware, Next } from 'koa';
import type { AppDeps } from '../../deps';
import { forbidden, unauthorized } from '../../errors';
import { type ApiState, bearerToken, currentUser } from '../../middleware/auth';
import { type PathSession, pathSessionUser, startPathSession } from '../../middleware/path-session';

/** Where the BullMQ dashboard lives; the session cookie is scoped to this path only. */
export const QUEUES_BOARD_PATH = '/api/admin/queues';
export const QUEUES_BOARD_COOKIE = 'oppslag_queues';
/** A board session outlives no console token for long: one hour, then the console opens it again. */
export const QUEUES_BOARD_SESSION_SECONDS = 3600;
const BOARD_SESSION: PathSession = {
  name: QUEUES_BOARD_COOKIE,
  path: QUEUES_BOARD_PATH,
  purpose: 'queues-board',
  seconds: QUEUES_BOARD_SESSION_SECONDS,
};

/**
 * The bull-board dashboard for superadmins. The console keeps its JWT in localStorage, which a
 * browser does not send on navigation, so the board accepts two credentials:
 * - `Authorization: Bearer <jwt>` on any board request (scripts, tests);
 * - `POST /api/admin/queues/session` with the bearer token: sets the board's path session cookie
 *   (204; see path-session.ts), which the browser then sends on its own.
 * A token in the URL (`?token=`) is not accepted: it would sit in history, proxy logs and Referer
 * headers for the token's seven days (issue 14 item 6).
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
    if (ctx.path === `${QUEUES_BOARD_PATH}/session` && ctx.method === 'POST') {
      await startSession(deps, ctx, bearerToken(ctx.get('authorization') || undefined));
      ctx.status = 204;
      return;
    }
    const user = ctx.state.user ?? (await pathSessionUser(deps, ctx as unknown as Context, BOARD_SESSION));
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
  startPathSession(deps, ctx, BOARD_SESSION, user, claims.tv);
}
