import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { encodeDisplayId } from '../lib/hashids';
import { DISPLAY_PREVIEW_SECONDS } from '../lib/tokens';

/**
 * A preview of one display for the console (issue 11 item 1): a display token with the display's
 * own read scope, `pv` set and minutes long, instead of the API key in a URL. Whoever may read the
 * display may preview it; the route's contract checks that before this runs.
 */
export async function displayPreview(
  tx: Tx,
  deps: Pick<AppDeps, 'tokens' | 'now' | 'config'>,
  entityId: number,
): Promise<{ token: string; displayId: string; expiresAt: string }> {
  const [row] = await tx
    .select({ id: entities.id, kv: entities.apiKeyVersion })
    .from(entities)
    .where(and(eq(entities.id, entityId), eq(entities.type, 'display'), eq(entities.deleted, false)));
  if (!row) throw notFound('Display');
  const token = await deps.tokens.signDisplayPreview(row.id, row.kv);
  return {
    token,
    displayId: encodeDisplayId(row.id, deps.config.hashidAlphabet),
    expiresAt: new Date(deps.now().getTime() + DISPLAY_PREVIEW_SECONDS * 1000).toISOString(),
  };
}
