import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The release's semver version. Its one place is the root package.json's "version" (the server
 * images copy that file to /app, next to api/); GET /api/status, the OpenAPI document and the
 * console's about box show it, and k8s/manifests.test.ts checks the image tags and the migrate
 * Job's name against it.
 */
export const VERSION: string = z
  .object({ version: z.string().regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/) })
  .parse(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))).version;
