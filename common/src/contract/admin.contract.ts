import { z } from 'zod';
import { adminDisplayItemSchema, adminDisplaysUpdateResultSchema, adminMasterSchema } from '../schemas/admin';
import { adminDisplaysUpdateSchema } from '../schemas/auth';
import { defineRoute } from './define-route';

const tags = ['admin'];

/** The superadmin area: all displays, the reload command, the master display (platform spec §7). */
export const adminContract = {
  displays: defineRoute({
    method: 'get',
    path: '/admin/displays',
    response: z.array(adminDisplayItemSchema),
    errors: [],
    auth: 'superadmin',
    summary: 'Every display with its organization, registration and online status',
    tags,
  }),
  updateDisplays: defineRoute({
    method: 'post',
    path: '/admin/displays/update',
    body: adminDisplaysUpdateSchema,
    response: adminDisplaysUpdateResultSchema,
    errors: [],
    auth: 'superadmin',
    summary: "Tell displays to reload: entities 'all' or a list of display ids",
    tags,
  }),
  master: defineRoute({
    method: 'get',
    path: '/admin/master',
    response: adminMasterSchema,
    errors: ['not_installed'],
    auth: 'superadmin',
    summary: 'The root entity and the master display',
    tags,
  }),
};
