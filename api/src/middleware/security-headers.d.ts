import type { Middleware } from 'koa';
/**
 * Browser security headers for everything Node serves (API answers and the built web apps), from
 * helmet rather than hand-written strings. The CSP allows scripts only from our own origin (Vite
 * emits module files, no inline script); styles may be inline because React and the editor set
 * style attributes. `frame-ancestors 'none'`: no page may frame the console or a screen.
 * HSTS only over TLS (directly, or through a trusted proxy's X-Forwarded-Proto): a plain-http
 * laptop demo must not pin localhost to https.
 */
export declare function securityHeaders(): Middleware;
