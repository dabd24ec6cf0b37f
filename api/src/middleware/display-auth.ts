import type { Middleware } from 'koa';
import type { AppDeps } from '../deps';
import { AppError, unauthorized } from '../errors';
import type { DisplayClaims } from '../lib/tokens';
import { VerifiedTokens } from '../lib/verified-tokens';
import { type ApiState, bearerToken } from './auth';

export interface DisplayState extends ApiState {
  displayClaims?: DisplayClaims;
}

export const displayTokenInvalid = () =>
  new AppError(401, 'token_invalid', 'Invalid or expired display token');

/** Authenticates a display by its bearer display token (signature, audience and expiry). */
export function displayAuth(deps: AppDeps): Middleware<DisplayState> {
  // The signature check is remembered (lib/verified-tokens.ts); whether the entity still exists, is
  // a display and has the same key version is read from the database on every request (loadDisplayChain).
  const verified = new VerifiedTokens<DisplayClaims>();
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization') || undefined);
    if (!token) throw unauthorized('Display token required');
    const claims = await verified.verify(token, deps.now().getTime(), (t) => deps.tokens.verifyDisplay(t));
    if (!claims) throw displayTokenInvalid();
    ctx.state.displayClaims = claims;
    await next();
  };
}

/** The verified token claims of a guarded display route. */
export function displayClaimsOf(ctx: { state: DisplayState }): DisplayClaims {
  if (!ctx.state.displayClaims) throw unauthorized('Display token required');
  return ctx.state.displayClaims;
}
