import { z } from 'zod';
import { installSchema, statusSchema } from '../schemas/auth';
import { entitySchema } from '../schemas/entity';
import { userSchema } from '../schemas/user';
import { defineRoute } from './define-route';

export const installResultSchema = z.object({
  admin: userSchema,
  masterDisplay: entitySchema,
  rootEntity: entitySchema,
  /** The installer's organization, named by `rootEntity` in the request, under the system root. */
  organization: entitySchema.nullable(),
});

/** The install gate: `GET /api/status` and the first-time setup (platform spec §2). */
export const installContract = {
  status: defineRoute({
    method: 'get',
    path: '/status',
    response: statusSchema,
    errors: [],
    auth: 'public',
    summary: 'Whether the system is installed',
    tags: ['install'],
  }),
  install: defineRoute({
    method: 'post',
    path: '/admin/install',
    body: installSchema,
    response: installResultSchema,
    status: 201,
    errors: ['already_installed', 'install_token_required'],
    auth: 'public',
    summary: "First-time setup: superadmin, system root, master display and the installer's organization",
    description:
      'Until the first install succeeds: open from the server itself (loopback); from elsewhere it needs the install token printed at start (403 install_token_required). Then 409 already_installed.',
    tags: ['install'],
  }),
};
