import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Koa from 'koa';
import type { AppDeps } from '../../deps';
import type { DisplayClaims } from '../../lib/tokens';
import { VerifiedTokens } from '../../lib/verified-tokens';
import { securityHeaders } from '../../middleware/security-headers';
import { DisplaySnapshots } from '../../services/display-snapshot.service';
import { EntityVersions } from '../../services/display-versions.service';

/**
 * What one API process (one Koa app: a replica) keeps for display content: the snapshots and their
 * checks, the remembered token signatures, and the headers every display answer carries. Shared
 * by the content route (display.routes.ts) and the short path in front of the middleware
 * (display-content.poll.ts), which are built separately; keyed by the app, so two apps in one
 * process (the tests' replicas) keep apart what two processes would.
 */
export interface DisplayContentState {
  snapshots: DisplaySnapshots;
  versions: EntityVersions;
  tokens: VerifiedTokens<DisplayClaims>;
  /** Polls answered on the short path (display-content.poll.ts), for tests and diagnostics. */
  shortAnswers: number;
  /** The security headers of an answer over plain http and over TLS, as the general middleware sets them. */
  security: Promise<{ plain: [string, string][]; secure: [string, string][] }>;
}

const states = new WeakMap<object, DisplayContentState>();

export function displayContentState(app: object, deps: AppDeps): DisplayContentState {
  let state = states.get(app);
  if (!state) {
    state = {
      snapshots: new DisplaySnapshots(deps.redis, deps.config.redisPrefix),
      versions: new EntityVersions(deps.redis, deps.config.redisPrefix),
      tokens: new VerifiedTokens<DisplayClaims>(),
      shortAnswers: 0,
      security: securityHeaderValues(),
    };
    states.set(app, state);
  }
  return state;
}

/**
 * The headers the general security middleware (middleware/security-headers.ts) sets, read once by
 * running it on a throwaway request, so the short path sends exactly the same ones without running
 * helmet per poll (a test compares both paths' headers).
 */
async function securityHeaderValues() {
  const run = async (secure: boolean) => {
    const probe = new Koa();
    const req = new IncomingMessage(new Socket());
    req.method = 'GET';
    req.url = '/';
    const res = new ServerResponse(req);
    const ctx = probe.createContext(req, res);
    Object.defineProperty(ctx, 'secure', { value: secure });
    await securityHeaders()(ctx, async () => undefined);
    return Object.entries(res.getHeaders()).map(([name, value]): [string, string] => [name, String(value)]);
  };
  return { plain: await run(false), secure: await run(true) };
}
