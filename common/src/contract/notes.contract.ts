import { z } from 'zod';
import { createNoteSchema, noteListQuerySchema, noteSchema, updateNoteSchema } from '../schemas/note';
import { defineRoute, deletedSchema, pathId } from './define-route';

const entityParams = z.object({ entityId: pathId('Entity') });
const noteParams = entityParams.extend({ noteId: pathId('Note') });
const tags = ['content'];

/** Notes of an entity: `/content/{entityId}/note` (spec content-and-display §3, §5). */
export const notesContract = {
  list: defineRoute({
    method: 'get',
    path: '/content/{entityId}/note',
    params: entityParams,
    query: noteListQuerySchema,
    response: z.array(noteSchema),
    errors: [],
    auth: 'user',
    permission: 'read',
    summary: 'Notes of an entity in board order; includeParents adds inherited ones',
    tags,
  }),
  create: defineRoute({
    method: 'post',
    path: '/content/{entityId}/note',
    params: entityParams,
    body: createNoteSchema,
    response: noteSchema,
    status: 201,
    errors: [],
    auth: 'user',
    permission: 'moderate_content',
    summary: 'Create a note; text is sanitized HTML, ownerId defaults to the caller',
    tags,
  }),
  update: defineRoute({
    method: 'put',
    path: '/content/{entityId}/note/{noteId}',
    params: noteParams,
    body: updateNoteSchema,
    response: noteSchema,
    errors: [],
    auth: 'user',
    permission: 'moderate_content',
    summary: 'Update, approve or reject a note',
    tags,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/content/{entityId}/note/{noteId}',
    params: noteParams,
    response: deletedSchema,
    errors: [],
    auth: 'user',
    permission: 'moderate_content',
    summary: 'Delete a note',
    tags,
  }),
};
