import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * Browser security headers for everything Node serves (API answers and the built web apps), from
 * helmet rather than hand-written strings. The CSP allows scripts only from our own origin (Vite
 * emits module files, no inline script); styles may be inline because React and the editor set
 * style attributes. `frame-ancestors 'none'`: no page may frame the console or a screen.
 * HSTS only over TLS (directly, or through a trusted proxy's X-Forwarded-Proto): a plain-http
 * laptop demo must not pin localhost to https.
 */
export function securityHeaders(): Middleware {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    // Asset images are fetched by the player and the console of the same origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 365 * 24 * 3600, includeSubDomains: true });
  // Helmet's headers do not depend on the request (no directive is a function), so they are
  // worked out once, by running helmet against a recorder, and set from that list per request:
  // eleven small middlewares and a promise per request were a few per cent of a cheap answer's CPU
  // (docs/performance.md). security-headers.test.ts holds the headers to what helmet sends.
  const plain = recordHeaders(headers);
  const secure = [...plain, ...recordHeaders(hsts)];
  return async (ctx, next) => {
    const res = ctx.res;
    for (const [name, value] of ctx.secure ? secure : plain) {
      if (value === null) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    await next();
  };
}

/** The headers a helmet middleware sets (value) or removes (null), in its order. */
function recordHeaders(middleware: Middleware): [string, string | null][] {
  const out: [string, string | null][] = [];
  const res = {
    setHeader: (name: string, value: string) => void out.push([name, String(value)]),
    removeHeader: (name: string) => void out.push([name, null]),
  };
  // Helmet sets every header synchronously before it calls next; the promise is not awaited.
  void middleware({ req: {}, res } as never, async () => undefined);
  return out;
}
