import { performance } from 'node:perf_hooks';
import { displayContract } from '@oppslag/common';
import type { Context, Middleware, Next } from 'koa';
import type { AppDeps } from '../../deps';
import { httpDuration } from '../../lib/metrics';
import { bearerToken } from '../../middleware/auth';
import { checkHolds, type SnapshotCheck } from '../../services/display-snapshot.service';
import { type DisplayContentState, displayContentState } from './display-content.state';

/** True when If-None-Match names this entity tag (or is `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** The four header lists of a check's answers (200 / 304, plain / TLS), built once per snapshot check. */
interface AnswerHeaders {
  full: [string[], string[]];
  notModified: [string[], string[]];
}

/**
 * The short path for display content polls, mounted in front of the general middleware (app.ts):
 * a poll whose display has a snapshot check in this process (left by the content route) is
 * answered here with one Redis MGET — the entities' numbers the relay keeps current and its
 * liveness key (display-versions.service.ts) — and a comparison, with the kept bytes and
 * precomputed headers (the same security headers, Cache-Control and ETag the route sends). Every
 * other case — no or unknown token, no check kept, anything changed or unknown, Redis down, a
 * query string, HEAD — goes on to the content route unchanged, which answers from PostgreSQL and
 * leaves a check for the next poll. Nothing is answered here that the route would not answer.
 */
export function displayContentPoll(deps: AppDeps): Middleware {
  // The API router's prefix (routes/index.ts) and the contract's path: what the router matches.
  const path = `/api${displayContract.content.path}`;
  const observe = {
    200: httpDuration.labels({ method: 'GET', route: path, status: '200' }),
    304: httpDuration.labels({ method: 'GET', route: path, status: '304' }),
  };
  return (ctx, next) => {
    if (ctx.req.url !== path || ctx.req.method !== 'GET') return next();
    return answer(ctx, next);
  };

  async function answer(ctx: Context, next: Next): Promise<void> {
    const started = performance.now();
    const state = displayContentState(ctx.app, deps);
    const token = bearerToken(ctx.req.headers.authorization);
    const now = deps.now().getTime();
    const claims = token ? await state.tokens.verify(token, now, (t) => deps.tokens.verifyDisplay(t)) : null;
    if (!claims) return next();
    const check = state.snapshots.checkOf(claims.entityId);
    if (!check) return notModifiedFromShared(ctx, next, claims, started);
    if (now >= check.validUntil || claims.kv !== check.kv) return next();
    let values: (string | null)[];
    try {
      values = await deps.redis.mget(check.keys);
    } catch {
      return next();
    }
    if (!checkHolds(check, values, claims.kv, deps.now().getTime())) return next();
    const headers = check.headers ? (check.headers as AnswerHeaders) : await answerHeaders(check, state);
    const secure = ctx.secure ? 1 : 0;
    const res = ctx.res;
    ctx.respond = false;
    state.shortAnswers++;
    if (etagMatches(ctx.req.headers['if-none-match'], check.snapshot.etag)) {
      res.writeHead(304, headers.notModified[secure]);
      res.end();
      observe[304].observe((performance.now() - started) / 1000);
    } else {
      res.writeHead(200, headers.full[secure]);
      res.end(check.snapshot.body);
      observe[200].observe((performance.now() - started) / 1000);
    }
  }

  /**
   * Nothing kept here for this display (a replica just started, or past its byte budget): a poll
   * that names the ETag of the snapshot shared in Redis is answered 304 from that snapshot's check
   * (two Redis reads, no body, no PostgreSQL), so a reconnect storm of unchanged screens does not
   * reach the database. Anything else goes on to the route.
   */
  async function notModifiedFromShared(
    ctx: Context,
    next: Next,
    claims: { entityId: number; kv: number },
    started: number,
  ): Promise<void> {
    const ifNoneMatch = ctx.req.headers['if-none-match'];
    if (!ifNoneMatch) return next();
    const state = displayContentState(ctx.app, deps);
    let holds = false;
    let etag = '';
    try {
      const shared = await state.snapshots.sharedCheck(claims.entityId);
      if (shared && etagMatches(ifNoneMatch, shared.etag)) {
        etag = shared.etag;
        holds = checkHolds(shared, await deps.redis.mget(shared.keys), claims.kv, deps.now().getTime());
      }
    } catch {
      holds = false;
    }
    if (!holds) return next();
    const security = await state.security;
    const headers = [
      ...security[ctx.secure ? 'secure' : 'plain'],
      ['Cache-Control', 'no-cache'],
      ['ETag', etag],
    ];
    ctx.respond = false;
    state.shortAnswers++;
    ctx.res.writeHead(304, headers.flat());
    ctx.res.end();
    observe[304].observe((performance.now() - started) / 1000);
  }

  async function answerHeaders(check: SnapshotCheck, state: DisplayContentState): Promise<AnswerHeaders> {
    const security = await state.security;
    const flat = (list: [string, string][]) => list.flat();
    const validators: [string, string][] = [
      ['Cache-Control', 'no-cache'],
      ['ETag', check.snapshot.etag],
    ];
    const body: [string, string][] = [
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(check.snapshot.body.length)],
    ];
    const headers: AnswerHeaders = {
      full: [
        flat([...security.plain, ...validators, ...body]),
        flat([...security.secure, ...validators, ...body]),
      ],
      notModified: [flat([...security.plain, ...validators]), flat([...security.secure, ...validators])],
    };
    check.headers = headers;
    return headers;
  }
}
