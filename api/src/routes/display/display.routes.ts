import Router from '@koa/router';
import { displayContract, resolveFeatureSet } from '@oppslag/common';
import { decodeJwt } from 'jose';
import type { AppDeps } from '../../deps';
import { mountContract } from '../../http/define-handler';
import { requireDisplayCapability } from '../../lib/display-capability';
import { type DisplayState, displayTokenInvalid, verifyDisplayToken } from '../../middleware/display-auth';
import { loadDisplayChain } from '../../services/display-chain.service';
import { buildDisplayContent, liveOf, memoKey, readLiveRaw } from '../../services/display-content.service';
import { buildManifest, chainTransitStops } from '../../services/display-manifest.service';
import { markRegistered, verifyDisplayKey } from '../../services/display-register.service';
import { snapshotCheck } from '../../services/display-snapshot.service';
import { loadChain } from '../../services/entity-chain.service';
import { etagMatches } from './display-content.poll';
import { displayContentState } from './display-content.state';

/**
 * The display's own API: register with display id + API key for a display token, then read the
 * manifest and the content with it.
 */
export function displayRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const db = deps.database.db;
  const featureSet = resolveFeatureSet(deps.config.featureSet);
  const manifestOptions = {
    featureSet,
    smsNumber: deps.config.smsNumber,
    hashidAlphabet: deps.config.hashidAlphabet,
  };

  const manifestFor = async (entityId: number, kv: number) => {
    await loadDisplayChain(db, { typ: 'display', entityId, kv });
    const chain = await loadChain(db, entityId);
    if (!chain) throw displayTokenInvalid();
    return buildManifest(chain, await chainTransitStops(db, chain), manifestOptions);
  };

  mountContract(
    router,
    deps,
    {
      register: displayContract.register,
      manifest: displayContract.manifest,
      renewToken: displayContract.renewToken,
    },
    {
      register: async ({ body, uow }) => {
        const display = await verifyDisplayKey(db, body.displayId, body.apiKey, deps.config.hashidAlphabet);
        if (!display.registeredAt) await uow((tx) => markRegistered(tx, display.id, deps.now()));
        const token = await deps.tokens.signDisplay(display.id, display.apiKeyVersion);
        return { token, manifest: await manifestFor(display.id, display.apiKeyVersion) };
      },
      manifest: ({ display }) => manifestFor(display.entityId, display.kv),
      renewToken: async ({ display }) => {
        // A console's preview token (minutes, read-only) must never turn into a screen's year-long one.
        requireDisplayCapability(display, 'renew');
        // The same checks as every display read: the display exists and its key was not regenerated.
        await loadDisplayChain(db, { typ: 'display', entityId: display.entityId, kv: display.kv });
        const token = await deps.tokens.signDisplay(display.entityId, display.kv);
        return { token, expiresAt: new Date(decodeJwt(token).exp! * 1000).toISOString() };
      },
    },
  );

  // By hand: the answer is a snapshot's JSON bytes with a strong ETag, or 304 without a body, which
  // a contract route does not model. The contract (displayContract.content) documents it. Polls of
  // an unchanged display are answered before the general middleware (display-content.poll.ts) from
  // the check this route leaves; this route is the PostgreSQL path behind it.
  const contentPath = displayContract.content.path;
  router.get(contentPath, async (ctx) => {
    const state = displayContentState(ctx.app, deps);
    const claims = await verifyDisplayToken(ctx, deps, state.tokens);
    // The version check, and the token's live check (display exists, key not regenerated).
    const { chain, version, master, seqs } = await loadDisplayChain(db, claims);
    // Lost or never-relayed numbers are seeded from PostgreSQL (only ever raised), so the next poll
    // can be checked in Redis.
    const seeded = state.versions.raise(seqs).then(
      () => true,
      () => false,
    );
    const live = await readLiveRaw(deps.redis, deps.config.redisPrefix, chain);
    const now = deps.now();
    const liveUntil = now.getTime() + live.ttlMs;
    const snapshot = await state.snapshots.get(
      claims.entityId,
      memoKey(version, live),
      now.getTime(),
      () => buildDisplayContent(db, chain, liveOf(claims.entityId, live), { featureSet, now, master }),
      { seqs, kv: claims.kv, liveUntil },
    );
    if (await seeded)
      state.snapshots.remember(snapshotCheck(deps.config.redisPrefix, snapshot, claims.kv, seqs, liveUntil));
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', snapshot.etag);
    if (etagMatches(ctx.get('if-none-match'), snapshot.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    ctx.body = snapshot.body;
  });

  return router;
}
