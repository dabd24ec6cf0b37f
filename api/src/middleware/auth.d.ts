import type { Actor } from '@oppslag/common';
import type { Middleware } from 'koa';
import type { AppDeps } from '../deps';
export interface AuthedUser extends Actor {
  email: string;
  name: string | null;
  language: string;
}
export interface ApiState {
  user?: AuthedUser;
}
/** Paths under this prefix authenticate displays, not console users. */
export declare const DISPLAY_API_PREFIX = '/api/display/';
/** Asset files are loaded by consoles and by displays, so these paths accept either token. */
export declare const ASSET_API_PREFIX = '/api/assets/';
export declare function bearerToken(header: string | undefined): string | null;
/**
 * Resolves the console user from the bearer JWT when one is sent. The user row is read on every
 * request so a deleted user, or a token from before a password change, stops working at once.
 */
export declare function userAuth(deps: AppDeps): Middleware<ApiState>;
/** The user behind a credential, or null when deleted or the credential predates a password change. */
export declare function currentUser(
  deps: AppDeps,
  id: number,
  tokenVersion: number,
): Promise<AuthedUser | null>;
/** Route guard: the request must carry a valid user token. */
export declare const requireUser: Middleware<ApiState>;
/** The signed-in user of a guarded route. */
export declare function actorOf(ctx: { state: ApiState }): AuthedUser;
