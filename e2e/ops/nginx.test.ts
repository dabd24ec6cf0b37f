import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from './support/cluster';
import { root } from './support/product';
import { API_FETCH, expectJson, expectPage, get, NAVIGATE } from './support/unavailable';

/** The nginx binary, when this machine has one (the web image's server; Debian's `nginx`). */
function nginxBinary(): string | null {
  for (const path of ['/usr/sbin/nginx', 'nginx']) {
    try {
      execFileSync(path, ['-v'], { stdio: 'ignore' });
      return path;
    } catch {
      // not here
    }
  }
  return null;
}
const NGINX = nginxBinary();

/**
 * The web image's nginx.conf, run by a real nginx with its upstreams away (nothing listens on their
 * ports): a browser navigation gets the self-reloading page, API clients the JSON 503, and
 * /display?lang=en goes to the player with its query (it used to fall to the console).
 * Skipped where no nginx is installed.
 */
describe.skipIf(!NGINX)('the web image nginx.conf', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oppslag-nginx-'));
  let nginx: ChildProcess | undefined;
  let base: string;

  beforeAll(async () => {
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'html', 'display'), { recursive: true });
    mkdirSync(join(dir, 'oppslag'));
    writeFileSync(join(dir, 'html', 'index.html'), '<html>console</html>');
    writeFileSync(join(dir, 'html', 'display', 'index.html'), '<html>display</html>');
    writeFileSync(
      join(dir, 'oppslag', 'unavailable.html'),
      readFileSync(join(root, 'docker/unavailable.html')),
    );
    const [port, away] = [await freePort(), await freePort()];
    const site = readFileSync(join(root, 'docker/nginx.conf'), 'utf8')
      .replace(/server (api|realtime):8080;/g, `server 127.0.0.1:${away};`)
      .replace('listen 8080;', `listen 127.0.0.1:${port};`)
      .replaceAll('/usr/share/nginx/', `${dir}/`);
    writeFileSync(join(dir, 'site.conf'), site);
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        process.getuid?.() === 0 ? 'user root;' : '',
        'daemon off;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log;`,
        'events {}',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
        `  include ${dir}/site.conf;`,
        '}',
      ].join('\n'),
    );
    nginx = spawn(NGINX ?? 'nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'inherit' });
    base = `http://127.0.0.1:${port}`;
    await waitFor(
      'nginx listening',
      async () => (await get(`${base}/healthz`).catch(() => null))?.status === 200,
    );
  });
  afterAll(() => {
    nginx?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a navigation with the page and API clients with JSON while the API is away', async () => {
    expectPage(await get(`${base}/api/status`, NAVIGATE));
    expectJson(await get(`${base}/api/status`, API_FETCH));
    expectJson(await get(`${base}/api/status`));
    expectJson(await get(`${base}/api/status`, { accept: 'text/html' }));
    expectJson(await get(`${base}/socket.io/?EIO=4&transport=polling`, { accept: '*/*' }));
    // Only the page's own script may run (its hash; front-proxy.test.ts ties it to the file).
    const page = await get(`${base}/api/status`, NAVIGATE);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'sha256-[^']+';/);
  });

  it('sends /display to the player, keeping the query', async () => {
    const bare = await get(`${base}/display?lang=en`, NAVIGATE);
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/display/?lang=en');
    expect((await get(`${base}/display`, NAVIGATE)).headers.location).toBe('/display/');
    expect((await get(`${base}/display/?lang=en`, NAVIGATE)).body).toBe('<html>display</html>');
    expect((await get(`${base}/`, NAVIGATE)).body).toBe('<html>console</html>');
  });
});
