import { contents, notes } from '../db/schema/index';
import type { MatrixContext, MatrixRow, ObjectRef } from './authorization-matrix';

/** Health and delivery are read like the display or the note: every role on the tenant, 404 to strangers. */
const READ = (ok: number) => ({
  own: `401 ${ok} ${ok} ${ok} ${ok} 404`,
  other: `401 ${ok} 404 404 404 ${ok}`,
  missing: '401 404 404 404 404 404',
});
/** Another tenant's note or slide under one's own entity: refused to everyone, the superadmin too. */
const CROSSED = '401 404 404 404 404 404';
const MISSING = 2_000_000_000;

async function noteOn(c: MatrixContext, entityId: number): Promise<ObjectRef> {
  const [row] = await c.api.deps.database.db
    .insert(notes)
    .values({ entityId, text: '<p>Delivery</p>', date: new Date(), approved: true })
    .returning({ id: notes.id });
  return { id: entityId, entityId, noteId: row.id };
}

async function slideOn(c: MatrixContext, entityId: number): Promise<ObjectRef> {
  const [row] = await c.api.deps.database.db
    .insert(contents)
    .values({ entityId, slot: 'banner', type: 'banner-template', start: new Date() })
    .returning({ id: contents.id });
  return { id: entityId, entityId, contentId: row.id };
}

export const healthMatrixRows: MatrixRow[] = [
  // ── screen health ───────────────────────────────────────────────────────────────────────────
  { route: 'GET /api/entities/:id/health', object: (c) => c.tenant.display, expect: READ(200) },
  {
    // Health is a display's: a group id answers 404 to everyone who may read the group.
    route: 'GET /api/entities/:id/health (not a display)',
    object: (c) => c.tenant.group,
    expect: { own: '401 404 404 404 404 404', other: '401 404 404 404 404 404' },
  },
  {
    route: 'POST /api/entities/:id/health/screenshot',
    object: (c) => c.tenant.display,
    expect: READ(202),
  },
  {
    route: 'POST /api/entities/:id/health/screenshot (not a display)',
    object: (c) => c.tenant.org,
    expect: { own: '401 404 404 404 404 404' },
  },
  // ── proof of delivery ───────────────────────────────────────────────────────────────────────
  {
    route: 'GET /api/content/:entityId/note/:noteId/delivery',
    object: (c) => noteOn(c, c.tenant.org.id),
    missing: (_c, own) => ({ ...own, noteId: MISSING }),
    crossed: async (c) => ({
      ...(await noteOn(c, c.stranger.org.id)),
      id: c.tenant.org.id,
      entityId: c.tenant.org.id,
    }),
    expect: { ...READ(200), crossed: CROSSED },
  },
  {
    route: 'GET /api/content/:entityId/banner/:contentId/delivery',
    object: (c) => slideOn(c, c.tenant.org.id),
    missing: (_c, own) => ({ ...own, contentId: MISSING }),
    crossed: async (c) => ({
      ...(await slideOn(c, c.stranger.org.id)),
      id: c.tenant.org.id,
      entityId: c.tenant.org.id,
    }),
    expect: { ...READ(200), crossed: CROSSED },
  },
];
