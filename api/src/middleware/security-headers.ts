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
  return async (ctx, next) => {
    await headers(ctx, async () => {
      if (ctx.secure) await hsts(ctx, next);
      else await next();
    });
  };
}
