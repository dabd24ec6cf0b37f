import {
  type Actor,
  BANNER_DEFAULT_DAYS,
  BANNER_DEFAULT_DURATION,
  bannerDateProblem,
  type ContentInput,
  type ContentSlot,
  type ContentType,
  type FeatureSet,
  startOfLocalDay,
} from '@oppslag/common';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { assets, contents } from '../db/schema/index';
import { forbidden, invalidField, notFound } from '../errors';
import { sanitizeRichText } from '../lib/rich-text';
import type { ContentRow, ContentWithAsset } from '../presenters/content.presenter';
import { recordEvent } from './events.service';
import { checkScheduleUntil } from './schedule-check';

const assetColumns = {
  id: assets.id,
  type: assets.type,
  mime: assets.mime,
  page: assets.page,
  hasCropped: assets.hasCropped,
  updatedAt: assets.updatedAt,
};

export interface ContentFilter {
  entityIds: number[];
  slots: ContentSlot[];
  approved: boolean | 'all';
  isTemplate: boolean | 'all';
  /** Only this content type (spec §3 get-content query `type`); all when absent. */
  type?: ContentType;
}

/** Contents with their asset, in rotation order: earliest start first, then id. */
export async function listContents(tx: Tx, filter: ContentFilter): Promise<ContentWithAsset[]> {
  const conditions: SQL[] = [
    inArray(contents.entityId, filter.entityIds),
    inArray(contents.slot, filter.slots),
  ];
  if (filter.approved !== 'all') conditions.push(eq(contents.approved, filter.approved));
  if (filter.isTemplate !== 'all') conditions.push(eq(contents.isTemplate, filter.isTemplate));
  if (filter.type) conditions.push(eq(contents.type, filter.type));
  const rows = await tx
    .select({ content: contents, asset: assetColumns })
    .from(contents)
    .leftJoin(assets, eq(assets.id, contents.assetId))
    .where(and(...conditions))
    .orderBy(asc(contents.start), desc(contents.id));
  return rows.map((r) => ({ content: r.content, asset: r.asset?.id ? r.asset : null }));
}

export interface ContentContext {
  featureSet: FeatureSet;
  now: Date;
  /** The entity and its ancestors, entity first; an asset must belong to one of them. */
  ancestry: number[];
}

/** Spec §5's banner dates, by the rule the console's date pickers check too (common/banner-dates). */
function checkBannerDates(
  now: Date,
  dates: { start: Date; end: Date | null; checkStart: boolean; checkEnd: boolean },
): void {
  const problem = bannerDateProblem(now, dates);
  if (problem) throw invalidField({ path: problem.path, code: problem.code }, problem.message);
}

async function checkAsset(tx: Tx, assetId: number, ancestry: number[]): Promise<void> {
  const [row] = await tx
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.id, assetId), inArray(assets.entityId, ancestry)));
  if (!row)
    throw invalidField(
      { path: 'assetId', code: 'not_found' },
      'Asset does not belong to this entity or its parents',
    );
}

function checkEcho(input: ContentInput, entityId: number, slot: ContentSlot, contentId?: number): void {
  if (input.entityId !== undefined && input.entityId !== entityId)
    throw invalidField({ path: 'entityId', code: 'path_mismatch' }, 'Entity id does not match the path');
  if (input.slot !== undefined && input.slot !== slot)
    throw invalidField({ path: 'slot', code: 'path_mismatch' }, 'Slot does not match the path');
  if (contentId !== undefined && input.id !== undefined && input.id !== contentId)
    throw invalidField({ path: 'id', code: 'path_mismatch' }, 'Content id does not match the path');
}

async function withAsset(tx: Tx, row: ContentRow): Promise<ContentWithAsset> {
  if (!row.assetId) return { content: row, asset: null };
  const [asset] = await tx.select(assetColumns).from(assets).where(eq(assets.id, row.assetId));
  return { content: row, asset: asset ?? null };
}

const cleanTemplateText = (text: string | null | undefined) => (text == null ? text : sanitizeRichText(text));

export async function createContent(
  tx: Tx,
  entityId: number,
  slot: ContentSlot,
  input: ContentInput,
  actor: Actor,
  ctx: ContentContext,
): Promise<ContentWithAsset> {
  checkEcho(input, entityId, slot);
  checkLock(null, input, actor);
  // Spec §9 defaults: start now, end 14 days after midnight today, 30 seconds.
  const start = input.start ?? ctx.now;
  const end = input.end === undefined ? startOfLocalDay(ctx.now, BANNER_DEFAULT_DAYS) : input.end;
  checkBannerDates(ctx.now, { start, end: end ?? null, checkStart: true, checkEnd: true });
  checkScheduleUntil(input.schedule, null, ctx.now);
  if (input.assetId != null) await checkAsset(tx, input.assetId, ctx.ancestry);
  const [row] = await tx
    .insert(contents)
    .values({
      entityId,
      userId: actor.id,
      slot,
      type: input.type ?? ctx.featureSet.defaultBannerType,
      start,
      end,
      duration: input.duration === undefined ? BANNER_DEFAULT_DURATION : input.duration,
      approved: input.approved === undefined ? true : input.approved,
      isTemplate: input.isTemplate ?? false,
      locked: input.locked ?? false,
      templateId: input.templateId ?? null,
      templateText: cleanTemplateText(input.templateText) ?? null,
      assetId: input.assetId ?? null,
      schedule: input.schedule ?? null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  await recordEvent(tx, {
    type: 'content.created',
    entityId,
    data: { id: row.id, slot },
    actorId: actor.id,
    history: { after: row },
  });
  return withAsset(tx, row);
}

async function ownContent(
  tx: Tx,
  entityId: number,
  slot: ContentSlot,
  contentId: number,
): Promise<ContentRow> {
  const [row] = await tx
    .select()
    .from(contents)
    .where(and(eq(contents.id, contentId), eq(contents.entityId, entityId), eq(contents.slot, slot)))
    .for('update');
  if (!row) throw notFound('Content');
  return row;
}

/** A locked slot is fixed for everyone but the superadmin, who is also the only one to lock one. */
function checkLock(current: ContentRow | null, input: ContentInput | null, actor: Actor): void {
  if (actor.admin) return;
  if (current?.locked) throw forbidden('This content is locked');
  if (input?.locked)
    throw forbidden('Only the superadmin can lock content', { path: 'locked', code: 'not_allowed' });
}

export async function updateContent(
  tx: Tx,
  entityId: number,
  slot: ContentSlot,
  contentId: number,
  input: ContentInput,
  actor: Actor,
  ctx: ContentContext,
): Promise<ContentWithAsset> {
  checkEcho(input, entityId, slot, contentId);
  const current = await ownContent(tx, entityId, slot, contentId);
  checkLock(current, input, actor);
  const start = input.start ?? current.start;
  const end = input.end !== undefined ? input.end : current.end;
  // Only changed dates are held to the today..+1 year window, so a running banner stays editable.
  checkBannerDates(ctx.now, {
    start,
    end,
    checkStart: Boolean(input.start && input.start.getTime() !== current.start.getTime()),
    checkEnd: Boolean(input.end && input.end.getTime() !== current.end?.getTime()),
  });
  checkScheduleUntil(input.schedule, current.schedule, ctx.now);
  if (input.assetId != null && input.assetId !== current.assetId)
    await checkAsset(tx, input.assetId, ctx.ancestry);
  const changes: Partial<ContentRow> = { start, end, updatedAt: ctx.now };
  if (input.type !== undefined) changes.type = input.type;
  if (input.duration !== undefined) changes.duration = input.duration;
  if (input.approved !== undefined) changes.approved = input.approved;
  if (input.isTemplate !== undefined) changes.isTemplate = input.isTemplate;
  if (input.locked !== undefined) changes.locked = input.locked;
  if (input.templateId !== undefined) changes.templateId = input.templateId;
  if (input.templateText !== undefined) changes.templateText = cleanTemplateText(input.templateText) ?? null;
  if (input.assetId !== undefined) changes.assetId = input.assetId;
  if (input.schedule !== undefined) changes.schedule = input.schedule;
  const [row] = await tx.update(contents).set(changes).where(eq(contents.id, contentId)).returning();
  await recordEvent(tx, {
    type: 'content.updated',
    entityId,
    data: { id: row.id, slot },
    actorId: actor.id,
    history: { before: current, after: row },
  });
  return withAsset(tx, row);
}

export async function deleteContent(
  tx: Tx,
  entityId: number,
  slot: ContentSlot,
  contentId: number,
  actor: Actor,
): Promise<void> {
  const current = await ownContent(tx, entityId, slot, contentId);
  checkLock(current, null, actor);
  await tx.delete(contents).where(eq(contents.id, contentId));
  await recordEvent(tx, {
    type: 'content.deleted',
    entityId,
    data: { id: contentId, slot },
    actorId: actor.id,
    history: { before: current },
  });
}
