import { randomBytes } from 'node:crypto';
import {
  type Actor,
  type CreateEntityInput,
  canHaveChildren,
  entityCreationChoices,
  type FeatureSet,
  isContentSlot,
  normalizePhone,
  offeredSlots,
  type Permission,
  permissionsOn,
  type UpdateEntityInput,
} from '@oppslag/common';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities } from '../db/schema/index';
import { AppError, badRequest, fieldError, forbidden, invalidField, notFound } from '../errors';
import { isUniqueViolation } from '../lib/pg-errors';
import { type EntityRow, presentEntity } from '../presenters/entity.presenter';
import { authorizeEntity, getAncestry, requireAdmin } from './access.service';
import { assertNameFree } from './entity-name';
import { liveChildren, loadEntity } from './entity-query.service';
import { PUBLIC_VIEWER } from './entity-view.service';
import { recordEvent } from './events.service';

export interface EntityServiceContext {
  /** config.hashidAlphabet, for the display id in event payloads. */
  alphabet?: string;
  now: Date;
  /** The installation's feature set: special features it disables cannot be switched on. */
  featureSet?: FeatureSet;
}

const CODE_WORD_INDEX = 'entities_code_word_idx';
/** Serializes moves so two concurrent moves can never link two subtrees into a cycle. */
export const MOVE_LOCK_KEY = 7402312;

/** Fields only the superadmin may change (spec §6 admin-only: orientation, code word, special features, drag and drop). */
const ADMIN_ONLY_FIELDS = ['orientation', 'codeWord', 'features', 'parentId', 'type'] as const;
/** Free-text fields where an empty string means "cleared". */
const NULLABLE_TEXT = [
  'orgnum',
  'street',
  'zip',
  'city',
  'displayInformation',
  'bannerFallbackText',
] as const;

/** A display API key: 192 random bits. */
export const generateApiKey = () => randomBytes(24).toString('base64url');

const codeWordTaken = (codeWord: string) =>
  fieldError('code_word_taken', `The code word "${codeWord}" is already in use by another entity`, {
    path: 'codeWord',
    code: 'taken',
  });
export const invalidMove = (message: string) => new AppError('invalid_move', message);

async function assertCodeWordFree(tx: Tx, codeWord: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: entities.id })
    .from(entities)
    .where(
      and(
        eq(sql`lower(${entities.codeWord})`, codeWord.toLowerCase()),
        eq(entities.deleted, false),
        exceptId === undefined ? undefined : ne(entities.id, exceptId),
      ),
    );
  if (taken) throw codeWordTaken(codeWord);
}

/** Runs a write; a lost race on the code-word index becomes the same 409 as the pre-check. */
async function guardCodeWord<T>(codeWord: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (codeWord && isUniqueViolation(err, CODE_WORD_INDEX)) throw codeWordTaken(codeWord);
    throw err;
  }
}

/** The new parent of `entityId` must exist, accept children, and not lie inside the entity's own subtree. */
export async function assertValidParent(
  tx: Tx,
  entityId: number | null,
  parentId: number,
): Promise<EntityRow> {
  const ancestry = await getAncestry(tx, parentId);
  if (!ancestry) throw invalidMove('The target entity does not exist');
  if (entityId !== null && ancestry.includes(entityId))
    throw invalidMove('An entity cannot be placed under itself or one of its descendants');
  const parent = await loadEntity(tx, parentId);
  if (!canHaveChildren(parent.type))
    throw invalidMove(`An entity of type ${parent.type} cannot have children`);
  return parent;
}

const eventView = (row: EntityRow, ctx: EntityServiceContext) =>
  presentEntity(row, { actor: PUBLIC_VIEWER, alphabet: ctx.alphabet });

/**
 * Creates an entity under a parent the actor may create_entity on. Top-level entities, systems and
 * organizations, and code words are the superadmin's (the new-entity dialog and the code-word field
 * are admin-only in spec §6); members with create_entity add groups and displays inside their tree.
 * A new display gets its API key at once so it can be registered without another step.
 */
export async function createEntity(
  tx: Tx,
  input: CreateEntityInput,
  actor: Actor,
  ctx: EntityServiceContext,
): Promise<{ row: EntityRow; permissions: Permission[] }> {
  const parentId = input.parentId ?? null;
  const choices = entityCreationChoices(actor);
  let perms: Permission[];
  if (parentId === null) {
    if (!choices.topLevel)
      throw forbidden('Only the superadmin can create top-level entities', {
        path: 'parentId',
        code: 'not_allowed',
      });
    perms = permissionsOn(actor, [], []);
  } else {
    perms = (await authorizeEntity(tx, actor, parentId, 'create_entity')).permissions;
    // Share-lock the parent: a concurrent delete of it either finishes first (and we see it gone)
    // or waits for us, so no live child is ever created under a deleted parent.
    const [parent] = await tx
      .select()
      .from(entities)
      .where(and(eq(entities.id, parentId), eq(entities.deleted, false)))
      .for('share');
    if (!parent) throw notFound('Entity');
    if (!canHaveChildren(parent.type))
      throw invalidField(
        { path: 'parentId', code: 'invalid_value' },
        `An entity of type ${parent.type} cannot have children`,
      );
  }
  if (!choices.types.includes(input.type))
    throw forbidden(`Only the superadmin can create entities of type ${input.type}`, {
      path: 'type',
      code: 'not_allowed',
    });
  await assertNameFree(tx, parentId, input.name);
  const codeWord = input.codeWord ?? null;
  if (codeWord !== null) {
    if (!choices.codeWord)
      throw forbidden('Only the superadmin can set the code word', { path: 'codeWord', code: 'not_allowed' });
    await assertCodeWordFree(tx, codeWord);
  }
  const [row] = await guardCodeWord(codeWord, () =>
    tx
      .insert(entities)
      .values({
        name: input.name,
        type: input.type,
        parentId,
        codeWord,
        apiKey: input.type === 'display' ? generateApiKey() : null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning(),
  );
  await recordEvent(tx, {
    type: 'entity.created',
    entityId: row.id,
    data: { entity: eventView(row, ctx) },
    actorId: actor.id,
  });
  return { row, permissions: perms };
}

function differs(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
}

/**
 * Partial update. edit_entity covers the settings cards; changing an admin-only field (orientation,
 * code word, special features, type, or moving by parentId) is 403 for everyone else. Sending such a
 * field unchanged is accepted, since forms send back the values they loaded.
 */
export async function updateEntity(
  tx: Tx,
  id: number,
  input: UpdateEntityInput,
  actor: Actor,
  ctx: EntityServiceContext,
): Promise<{ row: EntityRow; permissions: Permission[] }> {
  if (input.id !== undefined && input.id !== id)
    throw invalidField({ path: 'id', code: 'path_mismatch' }, 'The id in the body does not match the path');
  const { permissions: perms } = await authorizeEntity(tx, actor, id, 'edit_entity');
  // Moves take the hierarchy lock before any row lock: the parent_id foreign-key check share-locks
  // the new parent, so taking it after our own row lock could deadlock with a crossing move.
  if (input.parentId !== undefined) await tx.execute(sql`select pg_advisory_xact_lock(${MOVE_LOCK_KEY})`);
  const [current] = await tx.select().from(entities).where(eq(entities.id, id)).for('update');
  const { id: _ignored, ...fields } = input;
  const changes: Partial<typeof entities.$inferInsert> = {};
  for (const [key, value] of Object.entries(fields) as [keyof typeof fields, unknown][]) {
    if (value === undefined || !differs(value, current[key])) continue;
    if ((ADMIN_ONLY_FIELDS as readonly string[]).includes(key) && !actor.admin)
      throw forbidden(`Only the superadmin can change ${key}`, { path: key, code: 'not_allowed' });
    (changes as Record<string, unknown>)[key] = value;
  }
  for (const key of NULLABLE_TEXT) if (changes[key] === '') changes[key] = null;
  if (changes.features && ctx.featureSet) assertFeaturesOffered(changes.features, ctx.featureSet);
  if (changes.phoneNumber !== undefined) {
    const phone = normalizePhone(changes.phoneNumber);
    if (phone === undefined)
      throw invalidField({ path: 'phoneNumber', code: 'invalid_phone' }, 'Phone number is not valid');
    changes.phoneNumber = phone;
  }
  if (changes.type === 'display' && (await liveChildren(tx, id)).length > 0)
    throw fieldError('entity_has_children', 'An entity with children cannot become a display', {
      path: 'type',
      code: 'invalid_value',
    });
  if (changes.parentId != null) await assertValidParent(tx, id, changes.parentId);
  if (changes.name !== undefined || changes.parentId !== undefined)
    await assertNameFree(
      tx,
      changes.parentId !== undefined ? changes.parentId : current.parentId,
      changes.name ?? current.name,
      id,
    );
  if (changes.codeWord) await assertCodeWordFree(tx, changes.codeWord, id);
  // Residents' SMS find their organization by its code word: it can be changed, not removed.
  if (changes.codeWord === null && current.type === 'organization' && current.codeWord)
    throw invalidField(
      { path: 'codeWord', code: 'required' },
      'An organization keeps its code word: it can be changed but not removed',
    );
  if (Object.keys(changes).length === 0) return { row: current, permissions: perms };
  const [row] = await guardCodeWord(changes.codeWord, () =>
    tx
      .update(entities)
      .set({ ...changes, updatedAt: ctx.now })
      .where(eq(entities.id, id))
      .returning(),
  );
  await recordEvent(tx, {
    type: 'entity.updated',
    entityId: id,
    data: {
      id,
      entity: eventView(row, ctx),
      changed: Object.keys(changes),
      ...(changes.parentId !== undefined ? { previousParentId: current.parentId } : {}),
    },
    actorId: actor.id,
    history: {
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, current[k as keyof EntityRow]])),
      after: Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof EntityRow]])),
    },
  });
  return { row, permissions: perms };
}

/** A content slot the feature set disables is refused by name (409 feature_disabled). */
function assertFeaturesOffered(features: string[], set: FeatureSet) {
  const offered = new Set<string>(offeredSlots(set));
  const refused = features.filter((f) => isContentSlot(f) && !offered.has(f));
  if (refused.length > 0)
    throw fieldError(
      'feature_disabled',
      `Not available in the ${set.name} feature set: ${refused.join(', ')}`,
      {
        path: 'features',
        code: 'invalid_value',
        params: { refused: refused.join(', ') },
      },
    );
}

/**
 * A new API key for a display (superadmin). The key version goes up with it, so every display token
 * issued under the old key stops verifying and the screen must register again.
 */
export async function regenerateApiKey(tx: Tx, id: number, actor: Actor, now: Date): Promise<EntityRow> {
  await authorizeEntity(tx, actor, id, 'read');
  requireAdmin(actor);
  const current = await loadEntity(tx, id);
  if (current.type !== 'display') throw badRequest('Only displays have an API key');
  const [row] = await tx
    .update(entities)
    .set({ apiKey: generateApiKey(), apiKeyVersion: sql`${entities.apiKeyVersion} + 1`, updatedAt: now })
    .where(eq(entities.id, id))
    .returning();
  await recordEvent(tx, {
    type: 'entity.apiKeyRegenerated',
    entityId: id,
    data: { apiKeyVersion: row.apiKeyVersion },
    actorId: actor.id,
  });
  return row;
}
