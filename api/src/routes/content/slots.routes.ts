import type Router from '@koa/router';
import {
  type ContentSlot,
  contentInputSchema,
  contentListQuerySchema,
  contentSlotSchema,
  type FeatureSet,
  resolveFeatureSet,
} from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, parse } from '../../errors';
import { type ApiState, type AuthedUser, actorOf } from '../../middleware/auth';
import { presentContent } from '../../presenters/content.presenter';
import { authorizeEntity, requireAdmin } from '../../services/access.service';
import { createContent, deleteContent, listContents, updateContent } from '../../services/content.service';
import { getMasterScope, masterReaches } from '../../services/master.service';
import { idParam } from '../id-param';

/** Ads and partner logo entries are superadmin-only to write (content spec §6). */
const ADMIN_SLOTS: readonly ContentSlot[] = ['adsSmall', 'adsLarge', 'partnerLogo'];

/** The path's slot, known and enabled by the feature set, or a clear error. */
function slotParam(value: string | undefined, featureSet: FeatureSet): ContentSlot {
  const parsed = contentSlotSchema.safeParse(value);
  if (!parsed.success) {
    throw badRequest(
      `failed to resolve entity type: unknown slot "${value}" (expected banner, partnerLogo, adsSmall or adsLarge)`,
    );
  }
  if (!featureSet.slots[parsed.data].enabled) {
    throw new AppError(
      409,
      'feature_disabled',
      `The ${parsed.data} slot is disabled in the ${featureSet.name} feature set`,
    );
  }
  return parsed.data;
}

async function authorizeWrite(deps: AppDeps, actor: AuthedUser, entityId: number, slot: ContentSlot) {
  const access = await authorizeEntity(deps.database.db, actor, entityId, 'moderate_content');
  if (ADMIN_SLOTS.includes(slot)) requireAdmin(actor);
  return access;
}

/**
 * Content slots: `/content/{entityId}/{slot}` for banner, partnerLogo, adsSmall and adsLarge.
 * Listing with includeParents adds ancestors' content and, for ads and templates, the master's.
 */
export function addSlotRoutes(router: Router<ApiState>, deps: AppDeps): void {
  const db = deps.database.db;
  const featureSet = resolveFeatureSet(deps.config.featureSet);
  const context = (ancestry: number[]) => ({ featureSet, now: deps.now(), ancestry });

  router.get('/:slot', async (ctx) => {
    const slot = slotParam(ctx.params.slot, featureSet);
    const entityId = idParam(ctx.params.entityId, 'Entity');
    const { ancestry } = await authorizeEntity(db, actorOf(ctx), entityId, 'read');
    const query = parse(contentListQuerySchema, ctx.query);
    const entityIds = query.includeParents ? [...ancestry] : [entityId];
    const master = query.includeParents ? await getMasterScope(db) : null;
    const masterId = masterReaches(master, ancestry, slot, query.isTemplate) ? master.masterId : null;
    if (masterId !== null && !entityIds.includes(masterId)) entityIds.push(masterId);
    const rows = await listContents(db, {
      entityIds,
      slots: [slot],
      approved: query.approved,
      isTemplate: query.isTemplate,
    });
    ctx.body = rows.map((row) => presentContent(row, entityId, masterId));
  });

  router.post('/:slot', async (ctx) => {
    const actor = actorOf(ctx);
    const slot = slotParam(ctx.params.slot, featureSet);
    const entityId = idParam(ctx.params.entityId, 'Entity');
    const { ancestry } = await authorizeWrite(deps, actor, entityId, slot);
    const input = parse(contentInputSchema, ctx.request.body);
    const row = await db.transaction((tx) =>
      createContent(tx, entityId, slot, input, actor, context(ancestry)),
    );
    deps.outbox.notify();
    ctx.status = 201;
    ctx.body = presentContent(row);
  });

  router.put('/:slot/:contentId', async (ctx) => {
    const actor = actorOf(ctx);
    const slot = slotParam(ctx.params.slot, featureSet);
    const entityId = idParam(ctx.params.entityId, 'Entity');
    const { ancestry } = await authorizeWrite(deps, actor, entityId, slot);
    const contentId = idParam(ctx.params.contentId, 'Content');
    const input = parse(contentInputSchema, ctx.request.body);
    const row = await db.transaction((tx) =>
      updateContent(tx, entityId, slot, contentId, input, actor, context(ancestry)),
    );
    deps.outbox.notify();
    ctx.body = presentContent(row);
  });

  router.delete('/:slot/:contentId', async (ctx) => {
    const actor = actorOf(ctx);
    const slot = slotParam(ctx.params.slot, featureSet);
    const entityId = idParam(ctx.params.entityId, 'Entity');
    await authorizeWrite(deps, actor, entityId, slot);
    const contentId = idParam(ctx.params.contentId, 'Content');
    await db.transaction((tx) => deleteContent(tx, entityId, slot, contentId, actor));
    deps.outbox.notify();
    ctx.body = { id: contentId, deleted: true };
  });
}
