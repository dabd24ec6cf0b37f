import Router from '@koa/router';
import { type Entity, entitiesContract, maskPhone, resolveFeatureSet } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { JsonText, mountContract } from '../../http/define-handler';
import type { ApiState, AuthedUser } from '../../middleware/auth';
import type { DisplayState } from '../../middleware/display-auth';
import { type EntityRow, presentEntitiesJson } from '../../presenters/entity.presenter';
import { displayPreview } from '../../services/display-preview.service';
import { createEntity, regenerateApiKey, updateEntity } from '../../services/entity.service';
import { EntityAnswers } from '../../services/entity-answers';
import { deleteEntity } from '../../services/entity-delete.service';
import { ancestorsAbove, loadEntity } from '../../services/entity-query.service';
import { ancestorsInTree, treeAndGrants, visibleInTree } from '../../services/entity-tree.service';
import { viewEntity } from '../../services/entity-view.service';
import { isOnline } from '../../services/presence.service';
import { residentDataCheck } from '../../services/resident-data.service';
import { spend } from '../../services/route-limits';
import { smsScopeOf, smsUsage } from '../../services/sms-outbound.service';

/**
 * The entity hierarchy (platform spec §3–5 and §7). The permission on the entity itself is the
 * contract's; rules that depend on the input (parent, moves, superadmin-only fields) are the services'.
 */
export function entitiesRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const db = deps.database.db;
  const featureSet = resolveFeatureSet(deps.config.featureSet);
  const ctxOf = () => ({ alphabet: deps.config.hashidAlphabet, now: deps.now(), featureSet });
  // Each row's JSON bytes per viewer variant, kept while the entity tree snapshot holds the row.
  const rows = new WeakMap<EntityRow, Map<number, Buffer>>();
  // Whole answers per snapshot (entity-answers.ts): the same tree, grants and online displays give
  // the same bytes, sent again without being put together.
  const answers = new EntityAnswers<ReturnType<typeof ancestorsInTree>>();
  const ownList = async (actor: AuthedUser, read?: ApiState) => {
    const { tree, grants } = await treeAndGrants(db, actor, read);
    const view = answers.view(tree, actor, grants, () => {
      const items = ancestorsInTree(tree, visibleInTree(tree, actor, grants));
      const registered = items
        .filter((i) => i.row.type === 'display' && i.row.registeredAt !== null)
        .map((i) => i.row.id);
      return { items, registered };
    });
    const online = await isOnline(deps.redis, deps.config.redisPrefix, view.registered);
    return new JsonText<Entity[]>(
      answers.answer(tree, view, online, () =>
        presentEntitiesJson(view.items, { actor, alphabet: deps.config.hashidAlphabet, online, rows }),
      ),
    );
  };
  mountContract(router, deps, entitiesContract, {
    // The grants and the tree version were read with the user row (auth.ts readSession).
    list: ({ actor, ctx }) => ownList(actor, ctx.state),
    get: async ({ actor, params, access }) => {
      const row = await loadEntity(db, params.id);
      return viewEntity(deps, actor, row, access.permissions, await ancestorsAbove(db, actor, row));
    },
    create: async ({ actor, body, uow }) => {
      const { row, permissions } = await uow((tx) => createEntity(tx, body, actor, ctxOf()));
      return viewEntity(deps, actor, row, permissions);
    },
    smsUsage: async ({ access, actor }) => {
      const { organization } = await smsScopeOf(db, access.ancestry);
      // The organization's usage is its residents' data: a role only below it gets the 404 the
      // organization itself answers (docs/security.md, "Residents' numbers").
      if (organization && !(await residentDataCheck(db, actor, access.ancestry))(organization.id))
        throw notFound('Entity');
      const now = deps.now();
      if (!organization)
        return {
          organizationId: null,
          month: now.toISOString().slice(0, 7),
          used: 0,
          budget: null,
          dailyReplyLimit: null,
          budgetReached: false,
          dailyLimitReached: [],
        };
      const usage = await smsUsage(db, organization, now);
      // A usage warning needs no resident's full number (docs/security.md, "Residents' numbers").
      return {
        organizationId: organization.id,
        ...usage,
        dailyLimitReached: usage.dailyLimitReached.map(maskPhone),
      };
    },
    update: async ({ actor, params, body, uow }) => {
      const { row, permissions } = await uow((tx) => updateEntity(tx, params.id, body, actor, ctxOf()));
      return viewEntity(deps, actor, row, permissions);
    },
    remove: async ({ actor, params, body, uow }) => {
      await uow((tx) => deleteEntity(tx, params.id, body, actor, ctxOf()));
      // Spec §7: the answer is the caller's updated entity list.
      return ownList(actor);
    },
    regenerateApiKey: async ({ actor, params, access, uow }) => {
      const row = await uow((tx) => regenerateApiKey(tx, params.id, actor, deps.now()));
      return viewEntity(deps, actor, row, access.permissions);
    },
    previewDisplay: async ({ params, actor, ctx }) => {
      await spend(ctx, deps, [{ budget: 'preview', key: actor.id }]);
      return displayPreview(db, deps, params.id);
    },
  });
  return router;
}
