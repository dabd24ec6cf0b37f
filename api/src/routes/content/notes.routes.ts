import type Router from '@koa/router';
import { createNoteSchema, noteListQuerySchema, updateNoteSchema } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { parse } from '../../errors';
import { type ApiState, actorOf } from '../../middleware/auth';
import { presentNote } from '../../presenters/note.presenter';
import { authorizeEntity } from '../../services/access.service';
import { createNote, deleteNote, listNotes, updateNote } from '../../services/note.service';
import { idParam } from '../id-param';

/**
 * Notes of an entity: `/content/{entityId}/note`. Reading needs `read`; writing, approving and
 * rejecting need `moderate_content` (moderators and up).
 */
export function addNoteRoutes(router: Router<ApiState>, deps: AppDeps): void {
  const db = deps.database.db;

  router.get('/note', async (ctx) => {
    const entityId = idParam(ctx.params.entityId, 'Entity');
    const { ancestry } = await authorizeEntity(db, actorOf(ctx), entityId, 'read');
    const query = parse(noteListQuerySchema, ctx.query);
    const rows = await listNotes(db, query.includeParents ? ancestry : [entityId], query.approved);
    const now = deps.now();
    ctx.body = rows.map((row) => presentNote(row, now, entityId));
  });

  router.post('/note', async (ctx) => {
    const actor = actorOf(ctx);
    const entityId = idParam(ctx.params.entityId, 'Entity');
    await authorizeEntity(db, actor, entityId, 'moderate_content');
    const input = parse(createNoteSchema, ctx.request.body);
    const now = deps.now();
    const row = await db.transaction((tx) => createNote(tx, entityId, input, actor, now));
    deps.outbox.notify();
    ctx.status = 201;
    ctx.body = presentNote(row, now);
  });

  router.put('/note/:noteId', async (ctx) => {
    const actor = actorOf(ctx);
    const entityId = idParam(ctx.params.entityId, 'Entity');
    await authorizeEntity(db, actor, entityId, 'moderate_content');
    const noteId = idParam(ctx.params.noteId, 'Note');
    const input = parse(updateNoteSchema, ctx.request.body);
    const now = deps.now();
    const row = await db.transaction((tx) => updateNote(tx, entityId, noteId, input, actor, now));
    deps.outbox.notify();
    ctx.body = presentNote(row, now);
  });

  router.delete('/note/:noteId', async (ctx) => {
    const actor = actorOf(ctx);
    const entityId = idParam(ctx.params.entityId, 'Entity');
    await authorizeEntity(db, actor, entityId, 'moderate_content');
    const noteId = idParam(ctx.params.noteId, 'Note');
    await db.transaction((tx) => deleteNote(tx, entityId, noteId, actor));
    deps.outbox.notify();
    ctx.body = { id: noteId, deleted: true };
  });
}
