import { eq } from 'drizzle-orm';
import type { Middleware } from 'koa';
import { entities } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { AppError, unauthorized } from '../errors';
import { type ApiState, bearerToken } from './auth';

export interface DisplayState extends ApiState {
  display?: { id: number };
}

const tokenInvalid = () => new AppError(401, 'token_invalid', 'Invalid or expired display token');

/**
 * Authenticates a display by its bearer display token. The entity is read on every request, so a
 * deleted display, or a token from before the API key was regenerated (its `kv` no longer equals
 * the entity's apiKeyVersion), stops working at once.
 */
export function displayAuth(deps: AppDeps): Middleware<DisplayState> {
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization') || undefined);
    if (!token) throw unauthorized('Display token required');
    const claims = await deps.tokens.verifyDisplay(token);
    if (!claims) throw tokenInvalid();
    const [row] = await deps.database.db
      .select({ id: entities.id, type: entities.type, deleted: entities.deleted, kv: entities.apiKeyVersion })
      .from(entities)
      .where(eq(entities.id, claims.entityId));
    if (!row || row.deleted || row.type !== 'display' || row.kv !== claims.kv) throw tokenInvalid();
    ctx.state.display = { id: row.id };
    await next();
  };
}

/** The authenticated display of a guarded route. */
export function displayOf(ctx: { state: DisplayState }): { id: number } {
  if (!ctx.state.display) throw unauthorized('Display token required');
  return ctx.state.display;
}
