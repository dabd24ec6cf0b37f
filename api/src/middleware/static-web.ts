import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Middleware } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface WebMount {
  /** URL prefix without a trailing slash ('' for the root app). */
  prefix: string;
  /** The built app (Vite's dist folder). */
  dir: string;
}

/** Paths that belong to the servers, never to a web app's client-side routes. */
const SERVER_PATHS = /^\/(api|socket\.io|healthz|readyz|metrics)(\/|$)/;

/**
 * Serves built single-page apps: a file when it exists, else the app's index.html for client
 * routes (paths without a file extension). Hashed files under assets/ are cached for a year, the
 * rest (index.html, the service worker) revalidated on every load so a deploy shows at once.
 */
export function serveWebApps(mounts: WebMount[]): Middleware {
  const ordered = [...mounts]
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .map((m) => ({ ...m, dir: resolve(m.dir) }));
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || SERVER_PATHS.test(ctx.path)) return next();
    const mount = ordered.find((m) => ctx.path === m.prefix || ctx.path.startsWith(`${m.prefix}/`));
    if (!mount) return next();
    // The query string stays: a kiosk's start URL may be /display?lang=en.
    if (mount.prefix && ctx.path === mount.prefix)
      return ctx.redirect(`${mount.prefix}/${ctx.querystring ? `?${ctx.querystring}` : ''}`);
    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path.slice(mount.prefix.length));
    } catch {
      return next();
    }
    const file = normalize(join(mount.dir, rel));
    if (file !== mount.dir && !file.startsWith(mount.dir + sep)) return next();
    let target = file;
    if (!existsSync(target) || !statSync(target).isFile()) {
      if (extname(rel)) return next();
      target = join(mount.dir, 'index.html');
      if (!existsSync(target)) return next();
    }
    const immutable = target.startsWith(join(mount.dir, 'assets') + sep);
    ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.type = TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream';
    // Built app files are small; a buffer avoids stream errors when a client goes away mid-file.
    ctx.body = await readFile(target);
  };
}

/** The console at `/` and the player at `/display`, for whichever of the two has been built. */
export function builtWebApps(rootDir: string): WebMount[] {
  const mounts: WebMount[] = [
    { prefix: '/display', dir: join(rootDir, 'display', 'dist') },
    { prefix: '', dir: join(rootDir, 'console', 'dist') },
  ];
  return mounts.filter((m) => existsSync(join(m.dir, 'index.html')));
}
