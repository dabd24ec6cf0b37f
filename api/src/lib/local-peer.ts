import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';

/** A loopback address as a socket reports it (IPv4, IPv6, or IPv4-mapped IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

/**
 * Whether a request comes from this machine. Judged by the socket: a forwarded header alone never
 * makes a peer local. A request a proxy forwarded (X-Forwarded-For) is local only when the proxy
 * itself is trusted (`trustProxy` hops, TRUST_PROXY) and reports a loopback client; without trusted
 * proxies a forwarded request counts as remote (a proxy on this machine forwards the internet).
 */
export function isLocalPeer(ctx: Context, trustProxy: number): boolean {
  if (!isLoopbackAddress(ctx.req.socket.remoteAddress)) return false;
  if (!ctx.get('x-forwarded-for')) return true;
  return trustProxy > 0 && isLoopbackAddress(ctx.ip);
}

/** String comparison in constant time for secrets (tokens), whatever the inputs. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
