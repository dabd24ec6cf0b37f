import { z } from 'zod';
import { displayPreviewSchema } from '../schemas/display';
import { createEntitySchema, deleteEntitySchema, entitySchema, updateEntitySchema } from '../schemas/entity';
import { smsUsageSchema } from '../schemas/sms';
import { defineRoute, pathId } from './define-route';

const idParams = z.object({ id: pathId('Entity') });
const entityList = z.array(entitySchema);
const tags = ['entities'];

/** The entity hierarchy (platform spec §3–5 and §7). */
export const entitiesContract = {
  list: defineRoute({
    method: 'get',
    path: '/entities',
    response: entityList,
    errors: [],
    auth: 'user',
    summary:
      "The caller's entities: every entity at or below one they hold a role on (all for the superadmin)",
    tags,
  }),
  get: defineRoute({
    method: 'get',
    path: '/entities/{id}',
    params: idParams,
    response: entitySchema,
    errors: [],
    auth: 'user',
    permission: 'read',
    summary: 'One entity with the caller’s permissions on it',
    tags,
  }),
  create: defineRoute({
    method: 'post',
    path: '/entities',
    body: createEntitySchema,
    response: entitySchema,
    status: 201,
    errors: ['forbidden', 'not_found', 'code_word_taken'],
    auth: 'user',
    summary:
      'Create an entity (create_entity on the parent; top level, organizations and code words: superadmin)',
    tags,
  }),
  smsUsage: defineRoute({
    method: 'get',
    path: '/entities/{id}/sms-usage',
    params: idParams,
    response: smsUsageSchema,
    errors: [],
    auth: 'user',
    permission: 'edit_entity',
    summary: 'This month’s SMS against the organization’s budget, and numbers at today’s reply limit',
    tags,
  }),
  update: defineRoute({
    method: 'put',
    path: '/entities/{id}',
    params: idParams,
    body: updateEntitySchema,
    response: entitySchema,
    errors: ['code_word_taken', 'conflict', 'invalid_move', 'entity_has_children', 'feature_disabled'],
    auth: 'user',
    permission: 'edit_entity',
    summary: 'Partial update; orientation, code word, features, type and moves are the superadmin’s',
    tags,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/entities/{id}',
    params: idParams,
    body: deleteEntitySchema,
    response: entityList,
    errors: ['entity_has_children', 'conflict', 'invalid_move'],
    auth: 'user',
    permission: 'delete_entity',
    summary: 'Soft-delete an entity; children need withChildren or moveTo. Answers the caller’s entity list',
    tags,
  }),
  regenerateApiKey: defineRoute({
    method: 'post',
    path: '/entities/{id}/regenerate-api-key',
    params: idParams,
    response: entitySchema,
    errors: [],
    auth: 'superadmin',
    permission: 'read',
    summary: 'New API key for a display; tokens issued under the old key stop working',
    tags,
  }),
  previewDisplay: defineRoute({
    method: 'post',
    path: '/entities/{id}/display-preview',
    params: idParams,
    response: displayPreviewSchema,
    errors: ['rate_limited'],
    auth: 'user',
    permission: 'read',
    summary: 'A read-only display token of minutes for previewing the screen (every role that may see it)',
    description:
      'The console opens `/display/#preview=<token>&displayId=<hashid>`: the fragment never reaches a server or its logs, the player keeps the token in memory only, and a preview neither registers the screen nor marks it online. 404 `not_found` when the entity is not a display.',
    tags,
  }),
};
