import Router from '@koa/router';
import { registerDisplaySchema, resolveFeatureSet } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { AppError, parse } from '../../errors';
import { type DisplayState, displayAuth, displayOf } from '../../middleware/display-auth';
import { buildDisplayContent, cachedMasterScope, readLiveData } from '../../services/display-content.service';
import { buildManifest, chainTransitStops } from '../../services/display-manifest.service';
import { markRegistered, verifyDisplayKey } from '../../services/display-register.service';
import { loadChain } from '../../services/entity-chain.service';

const gone = () => new AppError(401, 'token_invalid', 'Invalid or expired display token');

/** True when If-None-Match names this entity tag (or is `*`). */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * The display's own API: register with display id + API key for a display token, then read the
 * manifest and the content with it.
 */
export function displayRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>({ prefix: '/display' });
  const db = deps.database.db;
  const featureSet = resolveFeatureSet(deps.config.featureSet);
  const manifestOptions = {
    featureSet,
    smsNumber: deps.config.smsNumber,
    hashidAlphabet: deps.config.hashidAlphabet,
  };

  const manifestFor = async (entityId: number) => {
    const chain = await loadChain(db, entityId);
    if (!chain) throw gone();
    return buildManifest(chain, await chainTransitStops(db, chain), manifestOptions);
  };

  router.post('/register', async (ctx) => {
    const input = parse(registerDisplaySchema, ctx.request.body);
    const display = await verifyDisplayKey(db, input.displayId, input.apiKey, deps.config.hashidAlphabet);
    if (!display.registeredAt) {
      await db.transaction((tx) => markRegistered(tx, display.id, deps.now()));
      deps.outbox.notify();
    }
    const token = await deps.tokens.signDisplay(display.id, display.apiKeyVersion);
    ctx.body = { token, manifest: await manifestFor(display.id) };
  });

  router.get('/manifest', displayAuth(deps), async (ctx) => {
    ctx.body = await manifestFor(displayOf(ctx).id);
  });

  router.get('/content', displayAuth(deps), async (ctx) => {
    const chain = await loadChain(db, displayOf(ctx).id);
    if (!chain) throw gone();
    const [live, master] = await Promise.all([
      readLiveData(deps.redis, deps.config.redisPrefix, chain),
      cachedMasterScope(db, deps),
    ]);
    const built = await buildDisplayContent(db, chain, live, { featureSet, now: deps.now(), master });
    ctx.set('ETag', built.etag);
    ctx.set('Cache-Control', 'no-cache');
    if (matches(ctx.get('if-none-match'), built.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    ctx.body = built.body;
  });

  return router;
}
