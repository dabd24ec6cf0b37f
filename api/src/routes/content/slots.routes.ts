import type Router from '@koa/router';
import {
  type ContentSlot,
  type contentContract,
  contentSlotSchema,
  type FeatureSet,
  resolveFeatureSet,
  UNKNOWN_SLOT_MESSAGE,
} from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { AppError, badRequest } from '../../errors';
import type { Handler } from '../../http/define-handler';
import type { AuthedUser } from '../../middleware/auth';
import type { DisplayState } from '../../middleware/display-auth';
import { presentContent } from '../../presenters/content.presenter';
import { requireAdmin } from '../../services/access.service';
import { createContent, deleteContent, listContents, updateContent } from '../../services/content.service';
import { getMasterScope, masterReaches } from '../../services/master.service';

/** Ads and partner logo entries are superadmin-only to write (content spec §6). */
const ADMIN_SLOTS: readonly ContentSlot[] = ['adsSmall', 'adsLarge', 'partnerLogo'];

/** The path's slot, known and enabled by the feature set, or a clear error. */
function slotParam(value: string, featureSet: FeatureSet): ContentSlot {
  const parsed = contentSlotSchema.safeParse(value);
  if (!parsed.success) {
    throw badRequest(
      `${UNKNOWN_SLOT_MESSAGE}: unknown slot "${value}" (expected banner, partnerLogo, adsSmall or adsLarge)`,
    );
  }
  if (!featureSet.slots[parsed.data].enabled) {
    throw new AppError(
      'feature_disabled',
      `The ${parsed.data} slot is disabled in the ${featureSet.name} feature set`,
    );
  }
  return parsed.data;
}

/** A slot write: the mount checked moderate_content; ads and the partner logo also need the superadmin. */
function writableSlot(value: string, featureSet: FeatureSet, actor: AuthedUser): ContentSlot {
  const slot = slotParam(value, featureSet);
  if (ADMIN_SLOTS.includes(slot)) requireAdmin(actor);
  return slot;
}

type C = typeof contentContract;

/**
 * An unknown or disabled slot is answered right after the caller check and before the entity's
 * (authorization matrix: a disabled slot is 409 for every signed-in user, whatever the entity), so
 * it runs as the router's `slot` parameter middleware; the anonymous caller still gets the 401.
 */
export function checkSlotParam(router: Router<DisplayState>, deps: AppDeps): void {
  const featureSet = resolveFeatureSet(deps.config.featureSet);
  router.param('slot', (value, ctx, next) => {
    if (ctx.state.user) slotParam(value, featureSet);
    return next();
  });
}

/**
 * Content slots: `/content/{entityId}/{slot}` for banner, partnerLogo, adsSmall and adsLarge.
 * Listing with includeParents adds ancestors' content and, for ads and templates, the master's.
 */
export function slotHandlers(deps: AppDeps): {
  list: Handler<C['list']>;
  create: Handler<C['create']>;
  update: Handler<C['update']>;
  remove: Handler<C['remove']>;
} {
  const db = deps.database.db;
  const featureSet = resolveFeatureSet(deps.config.featureSet);
  const context = (ancestry: number[]) => ({ featureSet, now: deps.now(), ancestry });

  return {
    list: async ({ params, query, access }) => {
      const slot = slotParam(params.slot, featureSet);
      const { entityId } = params;
      const entityIds = query.includeParents ? [...access.ancestry] : [entityId];
      const master = query.includeParents ? await getMasterScope(db) : null;
      const masterId = masterReaches(master, access.ancestry, slot, query.isTemplate)
        ? master.masterId
        : null;
      if (masterId !== null && !entityIds.includes(masterId)) entityIds.push(masterId);
      const rows = await listContents(db, {
        entityIds,
        slots: [slot],
        approved: query.approved,
        isTemplate: query.isTemplate,
        type: query.type,
      });
      const now = deps.now();
      return rows.map((row) => presentContent(row, entityId, masterId, now));
    },
    create: async ({ params, body, actor, access, uow }) => {
      const slot = writableSlot(params.slot, featureSet, actor);
      const row = await uow((tx) =>
        createContent(tx, params.entityId, slot, body, actor, context(access.ancestry)),
      );
      return presentContent(row, row.content.entityId, null, deps.now());
    },
    update: async ({ params, body, actor, access, uow }) => {
      const slot = writableSlot(params.slot, featureSet, actor);
      const row = await uow((tx) =>
        updateContent(tx, params.entityId, slot, params.contentId, body, actor, context(access.ancestry)),
      );
      return presentContent(row, row.content.entityId, null, deps.now());
    },
    remove: async ({ params, actor, uow }) => {
      const slot = writableSlot(params.slot, featureSet, actor);
      await uow((tx) => deleteContent(tx, params.entityId, slot, params.contentId, actor));
      return { id: params.contentId, deleted: true as const };
    },
  };
}
