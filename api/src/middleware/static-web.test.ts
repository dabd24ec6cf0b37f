import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWebApps, serveWebApps } from './static-web';

describe('serving the built web apps', () => {
  let root: string;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'oppslag-web-'));
    for (const app of ['console', 'display']) {
      mkdirSync(join(root, app, 'dist', 'assets'), { recursive: true });
      writeFileSync(join(root, app, 'dist', 'index.html'), `<html>${app}</html>`);
      writeFileSync(join(root, app, 'dist', 'assets', 'main-abc123.js'), `console.log('${app}')`);
    }
    writeFileSync(join(root, 'secret.txt'), 'outside the dist folders');
    const app = new Koa();
    app.use(serveWebApps(builtWebApps(root)));
    app.use((ctx) => {
      ctx.status = 404;
      ctx.body = 'not found';
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(root, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const res = await fetch(url + path, { redirect: 'manual' });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };

  it('serves the console at / and its client routes from index.html', async () => {
    for (const path of ['/', '/entities/12/general', '/admin/displays']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.text).toBe('<html>console</html>');
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves the player under /display with its own fallback', async () => {
    expect((await get('/display')).status).toBe(302);
    expect((await get('/display')).headers.get('location')).toBe('/display/');
    // The query (the screen's language) survives the trailing-slash redirect.
    expect((await get('/display?lang=en')).headers.get('location')).toBe('/display/?lang=en');
    expect((await get('/display/')).text).toBe('<html>display</html>');
    expect((await get('/display/some/route')).text).toBe('<html>display</html>');
    const asset = await get('/display/assets/main-abc123.js');
    expect(asset.text).toBe("console.log('display')");
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('leaves server paths, missing files and escapes alone', async () => {
    for (const path of [
      '/api/status',
      '/socket.io/',
      '/healthz',
      '/assets/missing.js',
      '/%2e%2e/secret.txt',
      '/display/..%2f..%2fsecret.txt',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('outside the dist folders');
    }
  });
});
