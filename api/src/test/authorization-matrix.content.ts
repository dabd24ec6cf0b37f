import { eq } from 'drizzle-orm';
import { contents, entities, notes } from '../db/schema/index';
import { encodeDisplayId } from '../lib/hashids';
import type { MatrixContext, MatrixRow, ObjectRef } from './authorization-matrix';

/** Content routes are keyed by `:entityId`; a missing entity is MISSING_ID there. */
const MISSING = 2_000_000_000;
const missingEntity = (_c: MatrixContext, own: ObjectRef) => ({ ...own, entityId: MISSING });

/** Every role holds read and moderate_content on its organization; strangers get 404. */
const MEMBERS = (ok: number) => ({
  own: `401 ${ok} ${ok} ${ok} ${ok} 404`,
  other: `401 ${ok} 404 404 404 ${ok}`,
  missing: '401 404 404 404 404 404',
});
/** Partner logo and ads: visible to members, written by the superadmin only. */
const SUPERADMIN = (ok: number) => ({
  own: `401 ${ok} 403 403 403 404`,
  other: `401 ${ok} 404 404 404 403`,
  missing: '401 404 404 404 404 404',
});
/** The test API runs the default `oppslag` feature set, which disables the ad slots for everyone. */
/** A missing partner-logo entry on a visible entity: writing the slot is refused before any lookup. */
const SUPERADMIN_MISSING_CONTENT = { ...SUPERADMIN(200), missing: '401 404 403 403 403 404' };
const DISABLED = { own: '401 409 409 409 409 409', missing: '401 409 409 409 409 409' };
/**
 * Display routes take a display token, never a user token: the matrix sends each actor's user
 * token (which wins over the row's header), so only the anonymous cell carries the display token.
 */
const DISPLAY_TOKEN = { own: '200 401 401 401 401 401', missing: '401 401 401 401 401 401' };

const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000);

async function noteOf(c: MatrixContext, entityId = c.tenant.org.id): Promise<ObjectRef> {
  const [row] = await c.api.deps.database.db
    .insert(notes)
    .values({ entityId, text: '<p>Matrix</p>', date: tomorrow() })
    .returning({ id: notes.id });
  return { id: row.id, entityId, noteId: row.id };
}

async function contentOf(c: MatrixContext, slot: 'banner' | 'partnerLogo'): Promise<ObjectRef> {
  const entityId = c.tenant.org.id;
  const [row] = await c.api.deps.database.db
    .insert(contents)
    .values({ entityId, slot, type: 'banner-template', start: tomorrow() })
    .returning({ id: contents.id });
  return { id: row.id, entityId, slot, contentId: row.id };
}

const onEntity = (slot?: string) => (c: MatrixContext) => ({
  id: c.tenant.org.id,
  entityId: c.tenant.org.id,
  slot,
});
const missingContent = (_c: MatrixContext, own: ObjectRef) => ({ ...own, contentId: MISSING });

async function displayWithToken(c: MatrixContext, deleted = false): Promise<ObjectRef> {
  const display = await c.entity('display', c.tenant.group.id);
  await c.api.deps.database.db
    .update(entities)
    .set({ apiKey: 'matrix-key', deleted })
    .where(eq(entities.id, display.id));
  return { id: display.id, token: await c.api.deps.tokens.signDisplay(display.id, 0) };
}
const displayHeaders = (ref: ObjectRef) => ({ authorization: `Bearer ${ref.token}` });

/** Another tenant's note or content under one's own entity: refused to everyone, the superadmin too. */
const CROSSED = '401 404 404 404 404 404';
const crossedNote = async (c: MatrixContext) => ({
  ...(await noteOf(c, c.stranger.org.id)),
  id: c.tenant.org.id,
  entityId: c.tenant.org.id,
});
async function crossedContent(c: MatrixContext, slot: 'banner' | 'partnerLogo'): Promise<ObjectRef> {
  const theirs = await contentOf({ ...c, tenant: c.stranger }, slot);
  return { ...theirs, id: c.tenant.org.id, entityId: c.tenant.org.id };
}

/** Rows of the authorization matrix for `/api/content/{entityId}/…` and `/api/display/…`. */
export const contentMatrixRows: MatrixRow[] = [
  // ── notes ──────────────────────────────────────────────────────────────────────────────────
  {
    route: 'GET /api/content/:entityId/note',
    object: (c) => ({ id: c.tenant.group.id, entityId: c.tenant.group.id }),
    missing: missingEntity,
    expect: MEMBERS(200),
  },
  {
    route: 'POST /api/content/:entityId/note',
    object: onEntity(),
    missing: missingEntity,
    body: () => ({ text: '<p>From the matrix</p>', date: tomorrow().toISOString() }),
    expect: MEMBERS(201),
  },
  {
    route: 'PUT /api/content/:entityId/note/:noteId',
    object: (c) => noteOf(c),
    missing: (_c, own) => ({ ...own, noteId: MISSING }),
    body: () => ({ approved: true }),
    crossed: crossedNote,
    expect: { ...MEMBERS(200), crossed: CROSSED },
  },
  {
    route: 'DELETE /api/content/:entityId/note/:noteId',
    object: (c) => noteOf(c),
    missing: (_c, own) => ({ ...own, noteId: MISSING }),
    crossed: crossedNote,
    expect: { ...MEMBERS(200), crossed: CROSSED },
  },
  {
    route: 'GET /api/content/:entityId/service',
    object: onEntity(),
    missing: missingEntity,
    expect: MEMBERS(200),
  },

  // ── content slots ──────────────────────────────────────────────────────────────────────────
  {
    route: 'GET /api/content/:entityId/:slot (banner)',
    object: onEntity('banner'),
    missing: missingEntity,
    expect: MEMBERS(200),
  },
  {
    route: 'GET /api/content/:entityId/:slot (partnerLogo)',
    object: onEntity('partnerLogo'),
    missing: missingEntity,
    expect: MEMBERS(200),
  },
  {
    route: 'GET /api/content/:entityId/:slot (adsSmall)',
    object: onEntity('adsSmall'),
    missing: missingEntity,
    expect: DISABLED,
  },
  {
    route: 'POST /api/content/:entityId/:slot (banner)',
    object: onEntity('banner'),
    missing: missingEntity,
    body: () => ({}),
    expect: MEMBERS(201),
  },
  {
    route: 'POST /api/content/:entityId/:slot (partnerLogo)',
    object: onEntity('partnerLogo'),
    missing: missingEntity,
    body: () => ({}),
    expect: SUPERADMIN(201),
  },
  {
    route: 'POST /api/content/:entityId/:slot (adsLarge)',
    object: onEntity('adsLarge'),
    missing: missingEntity,
    body: () => ({}),
    expect: DISABLED,
  },
  {
    route: 'PUT /api/content/:entityId/:slot/:contentId (banner)',
    object: (c) => contentOf(c, 'banner'),
    missing: missingContent,
    crossed: (c) => crossedContent(c, 'banner'),
    body: () => ({ duration: 20 }),
    expect: { ...MEMBERS(200), crossed: CROSSED },
  },
  {
    route: 'PUT /api/content/:entityId/:slot/:contentId (partnerLogo)',
    object: (c) => contentOf(c, 'partnerLogo'),
    missing: missingContent,
    crossed: (c) => crossedContent(c, 'partnerLogo'),
    body: () => ({ duration: 20 }),
    // Members may not write the partner logo at all (403) before the object is looked up.
    expect: { ...SUPERADMIN_MISSING_CONTENT, crossed: '401 404 403 403 403 404' },
  },
  {
    route: 'DELETE /api/content/:entityId/:slot/:contentId (banner)',
    object: (c) => contentOf(c, 'banner'),
    missing: missingContent,
    crossed: (c) => crossedContent(c, 'banner'),
    expect: { ...MEMBERS(200), crossed: CROSSED },
  },
  {
    route: 'DELETE /api/content/:entityId/:slot/:contentId (partnerLogo)',
    object: (c) => contentOf(c, 'partnerLogo'),
    missing: missingContent,
    crossed: (c) => crossedContent(c, 'partnerLogo'),
    // Members may not write the partner logo at all (403) before the object is looked up.
    expect: { ...SUPERADMIN_MISSING_CONTENT, crossed: '401 404 403 403 403 404' },
  },

  // ── the display's own API ──────────────────────────────────────────────────────────────────
  {
    // Registration needs no user: the display id and API key are the credentials.
    route: 'POST /api/display/register',
    object: (c) => displayWithToken(c),
    missing: () => ({ id: MISSING }),
    body: (ref) => ({ displayId: encodeDisplayId(ref.id), apiKey: 'matrix-key' }),
    expect: { own: '200 200 200 200 200 200', missing: '401 401 401 401 401 401' },
  },
  {
    route: 'GET /api/display/manifest',
    object: (c) => displayWithToken(c),
    missing: (c) => displayWithToken(c, true),
    headers: displayHeaders,
    expect: DISPLAY_TOKEN,
  },
  {
    route: 'POST /api/display/token',
    object: (c) => displayWithToken(c),
    missing: (c) => displayWithToken(c, true),
    headers: displayHeaders,
    expect: DISPLAY_TOKEN,
  },
  {
    route: 'GET /api/display/content',
    object: (c) => displayWithToken(c),
    missing: (c) => displayWithToken(c, true),
    headers: displayHeaders,
    expect: DISPLAY_TOKEN,
  },
];
