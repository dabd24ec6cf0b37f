import Router from '@koa/router';
import { notesContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { presentNote } from '../../presenters/note.presenter';
import { createNote, deleteNote, listNotes, updateNote } from '../../services/note.service';
import { residentDataCheck } from '../../services/resident-data.service';

/**
 * Notes of an entity: `/content/{entityId}/note`. Reading needs `read`; writing, approving and
 * rejecting need `moderate_content` (moderators and up); the contract says so and the mount checks it.
 */
export function notesRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  mountContract(router, deps, notesContract, {
    list: async ({ params, query, access, actor }) => {
      const scope = query.includeParents ? access.ancestry : [params.entityId];
      const rows = await listNotes(deps.database.db, scope, query.approved);
      const now = deps.now();
      // A resident's pending SMS is for those who may read the entity it was sent to (docs/security.md,
      // "Residents' numbers"); a role on a screen sees its parents' notes once they are published.
      const sees = await residentDataCheck(deps.database.db, actor, access.ancestry);
      return rows
        .filter((row) => row.source !== 'sms' || row.approved || sees(row.entityId))
        .map((row) => presentNote(row, now, params.entityId));
    },
    create: async ({ params, body, actor, uow }) => {
      const now = deps.now();
      const row = await uow((tx) => createNote(tx, params.entityId, body, actor, now));
      return presentNote(row, now);
    },
    update: async ({ params, body, actor, uow }) => {
      const now = deps.now();
      const row = await uow((tx) => updateNote(tx, params.entityId, params.noteId, body, actor, now));
      return presentNote(row, now);
    },
    remove: async ({ params, actor, uow }) => {
      await uow((tx) => deleteNote(tx, params.entityId, params.noteId, actor, deps.now()));
      return { id: params.noteId, deleted: true as const };
    },
  });
  return router;
}
