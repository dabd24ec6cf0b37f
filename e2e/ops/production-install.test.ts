import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSTALL_ARGS, REQUIRED_BINS } from '../../scripts/install.mjs';
import { root } from './support/product';

/**
 * `NODE_ENV=production npm start` on a fresh clone: npm omits (and on an installed tree removes)
 * devDependencies under NODE_ENV=production, among them the pinned Node and tsx the bootstrap
 * hands over to. A real clean-clone install downloads ~600 packages (minutes, and the network),
 * too heavy for the suite; npm's own dry run on this installed tree shows the same decision:
 * what the bootstrap's install would remove under NODE_ENV=production.
 */
describe('production install', () => {
  it("the bootstrap's install keeps everything npm start needs under NODE_ENV=production", () => {
    const res = spawnSync('npm', [...INSTALL_ARGS, '--dry-run', '--prefer-offline', '--loglevel=notice'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
      timeout: 110_000,
    });
    expect(res.status, res.stderr).toBe(0);
    const removed = [...`${res.stdout}\n${res.stderr}`.matchAll(/^remove (\S+) /gm)].map((m) => m[1]);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const needed = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
    // `vite` is a web workspace's devDependency, used by npm start to build console and player.
    for (const name of [...needed, ...REQUIRED_BINS]) expect(removed, name).not.toContain(name);
  });
});
