// Regenerates the Drizzle migrations from the schema. Until the first release the schema is one
// initial migration, regenerated whole so parallel work never produces conflicting migration numbers.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const keep = process.argv.includes('--incremental');
if (!keep) rmSync(new URL('../api/drizzle', import.meta.url), { recursive: true, force: true });
execFileSync('npx', ['drizzle-kit', 'generate', '--name', keep ? 'change' : 'init'], {
  cwd: new URL('../api', import.meta.url),
  stdio: 'inherit',
});
