import Router from '@koa/router';
import { autoApproveNumberInputSchema } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { notFound, parse } from '../../errors';
import { type ApiState, actorOf, requireUser } from '../../middleware/auth';
import { presentAutoApproveNumber } from '../../presenters/auto-approve-number.presenter';
import './auto-approve-numbers.openapi';
import { authorizeEntity } from '../../services/access.service';
import {
  createAutoApproveNumber,
  deleteAutoApproveNumber,
  listAutoApproveNumbers,
  updateAutoApproveNumber,
} from '../../services/auto-approve.service';

/** Path ids are positive 32-bit integers; anything else is a missing object, not a bad request. */
function idParam(value: string | undefined, what: string): number {
  const id = Number(value);
  if (!/^\d{1,10}$/.test(value ?? '') || id <= 0 || id > 2147483647) throw notFound(what);
  return id;
}

/**
 * Auto-approve numbers of an entity. Members who can read the entity see the list (the card sits
 * on the members tab); changing it needs edit_entity, like the other entity settings.
 */
export function autoApproveNumbersRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>({ prefix: '/entities/:id/auto-approve-numbers' });
  const db = deps.database.db;
  router.use(requireUser);

  router.get('/', async (ctx) => {
    const entityId = idParam(ctx.params.id, 'Entity');
    await authorizeEntity(db, actorOf(ctx), entityId, 'read');
    const now = deps.now();
    ctx.body = (await listAutoApproveNumbers(db, entityId)).map((r) => presentAutoApproveNumber(r, now));
  });

  router.post('/', async (ctx) => {
    const actor = actorOf(ctx);
    const entityId = idParam(ctx.params.id, 'Entity');
    await authorizeEntity(db, actor, entityId, 'edit_entity');
    const input = parse(autoApproveNumberInputSchema, ctx.request.body);
    const row = await db.transaction((tx) => createAutoApproveNumber(tx, entityId, input, actor));
    deps.outbox.notify();
    ctx.status = 201;
    ctx.body = presentAutoApproveNumber(row, deps.now());
  });

  router.put('/:numberId', async (ctx) => {
    const actor = actorOf(ctx);
    const entityId = idParam(ctx.params.id, 'Entity');
    await authorizeEntity(db, actor, entityId, 'edit_entity');
    const numberId = idParam(ctx.params.numberId, 'Auto-approve number');
    const input = parse(autoApproveNumberInputSchema, ctx.request.body);
    const row = await db.transaction((tx) => updateAutoApproveNumber(tx, entityId, numberId, input, actor));
    deps.outbox.notify();
    ctx.body = presentAutoApproveNumber(row, deps.now());
  });

  router.delete('/:numberId', async (ctx) => {
    const actor = actorOf(ctx);
    const entityId = idParam(ctx.params.id, 'Entity');
    await authorizeEntity(db, actor, entityId, 'edit_entity');
    const numberId = idParam(ctx.params.numberId, 'Auto-approve number');
    await db.transaction((tx) => deleteAutoApproveNumber(tx, entityId, numberId, actor));
    deps.outbox.notify();
    ctx.body = { id: numberId, deleted: true };
  });

  return router;
}
