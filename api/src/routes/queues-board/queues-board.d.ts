import type { Middleware } from 'koa';
import type { AppDeps } from '../../deps';
import { type ApiState } from '../../middleware/auth';
/** Where the BullMQ dashboard lives; the session cookie is scoped to this path only. */
export declare const QUEUES_BOARD_PATH = '/api/admin/queues';
export declare const QUEUES_BOARD_COOKIE = 'oppslag_queues';
/** A board session outlives no console token for long: one hour, then the console opens it again. */
export declare const QUEUES_BOARD_SESSION_SECONDS = 3600;
/**
 * The bull-board dashboard for superadmins. The console keeps its JWT in localStorage, which a
 * browser does not send on navigation, so the board accepts three credentials:
 * - `Authorization: Bearer <jwt>` on any board request (scripts, tests);
 * - `POST /api/admin/queues/session` with the bearer token: sets the session cookie (204);
 * - `GET /api/admin/queues?token=<jwt>`: sets the session cookie and redirects to the clean URL.
 * The cookie is HttpOnly, SameSite=Strict, scoped to the board's path, and holds no JWT: it is an
 * HMAC over (user id, token version, expiry), so a password change or demotion ends it at once.
 */
export declare function queuesBoard(deps: AppDeps): Middleware<ApiState>;
