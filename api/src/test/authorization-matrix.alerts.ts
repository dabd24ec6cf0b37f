import { alerts } from '../db/schema/index';
import type { MatrixContext, MatrixRow } from './authorization-matrix';

/** Alerts in force: every role of the tenant reads them (the entity page lists them); strangers get 404. */
const READ = {
  own: '401 200 200 200 200 404',
  other: '401 200 404 404 404 200',
  missing: '401 404 404 404 404 404',
};
/** Raising and clearing: owners, administrators and the superadmin; the moderator is refused. */
const RAISE = (ok: number) => ({
  own: `401 ${ok} ${ok} ${ok} 403 404`,
  other: `401 ${ok} 404 404 404 ${ok}`,
  missing: '401 404 404 404 404 404',
});

/** An alert on `owner`'s organization, addressed through `path`'s organization (the same by default). */
async function alertOf(c: MatrixContext, owner = c.tenant, path = c.tenant) {
  const [row] = await c.api.deps.database.db
    .insert(alerts)
    .values({ entityId: owner.org.id, template: 'power-cut' })
    .returning({ id: alerts.id });
  return { id: path.org.id, alertId: row.id };
}

export const alertMatrixRows: MatrixRow[] = [
  { route: 'GET /api/entities/:id/alerts', object: (c) => c.tenant.display, expect: READ },
  {
    route: 'POST /api/entities/:id/alerts',
    body: () => ({ template: 'water-leak' }),
    expect: RAISE(201),
  },
  {
    route: 'DELETE /api/entities/:id/alerts/:alertId',
    object: alertOf,
    crossed: (c) => alertOf(c, c.stranger),
    // Another tenant's alert under one's own organization: 404 for all who may clear, 403 for the moderator.
    expect: { ...RAISE(200), crossed: '401 404 404 404 403 404' },
  },
];
