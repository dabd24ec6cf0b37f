import type { Middleware } from 'koa';
import type { AppDeps } from '../deps';
import { AppError, unauthorized } from '../errors';
import type { DisplayClaims } from '../lib/tokens';
import { VerifiedTokens } from '../lib/verified-tokens';
import { type ApiState, bearerToken } from './auth';

export interface DisplayState extends ApiState {
  displayClaims?: DisplayClaims;
}

export const displayTokenInvalid = () => new AppError('token_invalid', 'Invalid or expired display token');

/**
 * The claims of the request's bearer display token (signature, audience and expiry), or 401. The
 * signature check is remembered in `verified` (lib/verified-tokens.ts); whether the entity still
 * exists, is a display and has the same key version is checked by the caller on every request
 * (loadDisplayChain, or a content poll's snapshot check).
 */
export async function verifyDisplayToken(
  ctx: { get(field: string): string },
  deps: AppDeps,
  verified: VerifiedTokens<DisplayClaims>,
): Promise<DisplayClaims> {
  const token = bearerToken(ctx.get('authorization') || undefined);
  if (!token) throw unauthorized('Display token required');
  const claims = await verified.verify(token, deps.now().getTime(), (t) => deps.tokens.verifyDisplay(t));
  if (!claims) throw displayTokenInvalid();
  return claims;
}

/** Authenticates a display by its bearer display token (signature, audience and expiry). */
export function displayAuth(deps: AppDeps): Middleware<DisplayState> {
  const verified = new VerifiedTokens<DisplayClaims>();
  return async (ctx, next) => {
    ctx.state.displayClaims = await verifyDisplayToken(ctx, deps, verified);
    await next();
  };
}

/** The verified token claims of a guarded display route. */
export function displayClaimsOf(ctx: { state: DisplayState }): DisplayClaims {
  if (!ctx.state.displayClaims) throw unauthorized('Display token required');
  return ctx.state.displayClaims;
}
