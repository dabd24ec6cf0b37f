import { z } from 'zod';
import { entityPermissionSchema, memberRemovedSchema } from '../schemas/admin';
import { addMembersSchema, memberPermissionsSchema, memberSchema } from '../schemas/user';
import { defineRoute, pathId } from './define-route';

const entityParams = z.object({ id: pathId('Entity') });
const memberParams = entityParams.extend({ userId: pathId('Member') });
const tags = ['members'];

/**
 * Members of an entity (platform spec §4 and §7). Anyone who can read the entity sees its members;
 * adding, removing and the per-member switches are the superadmin's (spec §6).
 */
export const membersContract = {
  list: defineRoute({
    method: 'get',
    path: '/entities/{id}/members',
    params: entityParams,
    response: z.array(memberSchema),
    errors: [],
    auth: 'user',
    permission: 'read',
    summary: 'Direct and inherited members of an entity, one row per user',
    tags,
  }),
  add: defineRoute({
    method: 'post',
    path: '/entities/{id}/members',
    params: entityParams,
    body: addMembersSchema,
    response: z.array(memberSchema),
    status: 201,
    errors: [],
    auth: 'superadmin',
    permission: 'read',
    summary: 'Add members by e-mail; unknown addresses get an account and an invitation',
    tags,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/entities/{id}/members/{userId}',
    params: memberParams,
    response: memberRemovedSchema,
    errors: ['inherited_member', 'cannot_remove_self'],
    auth: 'superadmin',
    permission: 'read',
    summary: 'Remove a direct member; never yourself',
    tags,
  }),
  updatePermissions: defineRoute({
    method: 'put',
    path: '/entities/{id}/members/{userId}/permissions',
    params: memberParams,
    body: memberPermissionsSchema,
    response: entityPermissionSchema,
    errors: ['inherited_member', 'sms_notification_limit'],
    auth: 'superadmin',
    permission: 'read',
    summary: 'Set autoApprove and/or smsNotifications of a direct member (at most 2 SMS recipients)',
    tags,
  }),
};
