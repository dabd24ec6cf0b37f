// `npm run db:generate -- <name>`: adds ONE migration for the schema change in api/src/db/schema
// (drizzle-kit diffs the schema against the last snapshot in api/drizzle/meta) and pins the new
// file's hash in api/drizzle/released.json. Migrations are forward only: a file that is on main is
// released and never edited or regenerated (api/src/db/released-migrations.test.ts fails if one is);
// to change something a migration did, add another. Since 1.0.0 there is no "regenerate 0000".
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

// `--custom`: an empty migration for data changes the schema diff cannot see (write its SQL, then
// run `node scripts/db-generate.mjs --pin` to pin it once written).
const custom = process.argv.includes('--custom');
const pinOnly = process.argv.includes('--pin');
const name = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? (pinOnly ? 'pin' : undefined);
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error(
    'usage: npm run db:generate -- <name>   (lower-case words joined by _, e.g. sms_sender_caps)',
  );
  process.exit(2);
}
const api = new URL('../api/', import.meta.url);
if (!pinOnly)
  execFileSync('npx', ['drizzle-kit', 'generate', '--name', name, ...(custom ? ['--custom'] : [])], {
    cwd: api,
    stdio: 'inherit',
  });

const journal = JSON.parse(readFileSync(new URL('drizzle/meta/_journal.json', api), 'utf8'));
const releasedUrl = new URL('drizzle/released.json', api);
const released = JSON.parse(readFileSync(releasedUrl, 'utf8'));
const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
for (const { tag } of journal.entries) {
  if (released.migrations.some((m) => m.tag === tag)) continue;
  const sha256 = createHash('sha256')
    .update(readFileSync(new URL(`drizzle/${tag}.sql`, api)))
    .digest('hex');
  // The release it first ships in: the next one after the version now in package.json.
  released.migrations.push({ tag, sha256, release: `after ${version}` });
  console.log(`added ${tag} (${sha256.slice(0, 12)}) to api/drizzle/released.json`);
}
writeFileSync(releasedUrl, `${JSON.stringify(released, null, 2)}\n`);
