import { decodeJwt } from 'jose';
import type { Middleware } from 'koa';
import type { AppDeps } from '../deps';
import { AppError, unauthorized } from '../errors';
import type { DisplayClaims } from '../lib/tokens';
import { type ApiState, bearerToken } from './auth';

export interface DisplayState extends ApiState {
  displayClaims?: DisplayClaims;
}

const REMEMBER_MS = 10 * 60 * 1000;

export const displayTokenInvalid = () =>
  new AppError(401, 'token_invalid', 'Invalid or expired display token');

/**
 * Verified display tokens, remembered until they expire. A display sends the same token on every
 * poll, and a signature check per request would cost more than the rest of a 304 answer. The cache
 * only spares the signature check, for at most ten minutes (so a signing key retired by rotation
 * stops being honoured soon after): whether the entity still exists, is a display and has the same
 * key version is read from the database on every request (loadDisplayChain).
 */
class VerifiedTokens {
  private readonly entries = new Map<string, { claims: DisplayClaims; expiresAt: number }>();
  constructor(private readonly max = 20_000) {}

  get(token: string, now: number): DisplayClaims | null {
    const hit = this.entries.get(token);
    if (!hit) return null;
    if (hit.expiresAt <= now) {
      this.entries.delete(token);
      return null;
    }
    return hit.claims;
  }

  set(token: string, claims: DisplayClaims, expiresAt: number): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { claims, expiresAt });
  }
}

/** Authenticates a display by its bearer display token (signature, audience and expiry). */
export function displayAuth(deps: AppDeps): Middleware<DisplayState> {
  const verified = new VerifiedTokens();
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization') || undefined);
    if (!token) throw unauthorized('Display token required');
    const now = deps.now().getTime();
    let claims = verified.get(token, now);
    if (!claims) {
      claims = await deps.tokens.verifyDisplay(token);
      if (!claims) throw displayTokenInvalid();
      const exp = decodeJwt(token).exp ?? 0;
      verified.set(token, claims, Math.min(exp * 1000, now + REMEMBER_MS));
    }
    ctx.state.displayClaims = claims;
    await next();
  };
}

/** The verified token claims of a guarded display route. */
export function displayClaimsOf(ctx: { state: DisplayState }): DisplayClaims {
  if (!ctx.state.displayClaims) throw unauthorized('Display token required');
  return ctx.state.displayClaims;
}
