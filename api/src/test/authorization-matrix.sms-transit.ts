import { autoApproveNumbers, smsMessages, smsOptOuts, transitStops } from '../db/schema/index';
import { optOutRef } from '../services/sms-privacy.service';
import type { MatrixContext, MatrixRow, Tenant } from './authorization-matrix';

let numbers = 0;
/** A Norwegian mobile number no other call of the matrix used. */
const uniqueNumber = () => `9${String(++numbers).padStart(7, '0')}`;

/** Lists: every role of the tenant reads; strangers get 404. */
const READ = {
  own: '401 200 200 200 200 404',
  other: '401 200 404 404 404 200',
  missing: '401 404 404 404 404 404',
};
/** Entity settings: edit_entity (owner, administrator), the moderator only reads. */
const EDIT = (ok: number) => ({
  own: `401 ${ok} ${ok} ${ok} 403 404`,
  other: `401 ${ok} 404 404 404 ${ok}`,
  missing: '401 404 404 404 404 404',
});

/** A number on `owner`'s organization, addressed through `path`'s organization (the same by default). */
async function numberOf(c: MatrixContext, owner = c.tenant, path = c.tenant) {
  const [row] = await c.api.deps.database.db
    .insert(autoApproveNumbers)
    .values({ entityId: owner.org.id, number: '004791234567', description: 'Matrix' })
    .returning({ id: autoApproveNumbers.id });
  return { id: path.org.id, numberId: row.id };
}

/** A stop of `owner`'s display, addressed through `path`'s display (the same by default). */
async function stopOf(c: MatrixContext, owner = c.tenant, path = c.tenant) {
  const [row] = await c.api.deps.database.db
    .insert(transitStops)
    .values({
      entityId: owner.display.id,
      stopId: `NSR:StopPlace:${Math.floor(Math.random() * 1e9)}`,
      label: 'Matrix',
    })
    .returning({ id: transitStops.id });
  return { id: path.display.id, stopId: row.id };
}

/**
 * Another tenant's child object under one's own entity: refused to everyone, the superadmin too
 * (404: not under this path); the moderator, without edit_entity on the path, is stopped first (403).
 */
const CROSSED = '401 404 404 404 403 404';

const stopBody = () => ({ stopId: `NSR:StopPlace:${Math.floor(Math.random() * 1e9)}`, label: 'Matrix stop' });

export const smsTransitMatrixRows: MatrixRow[] = [
  // ── auto-approve numbers ────────────────────────────────────────────────────────────────────
  { route: 'GET /api/entities/:id/auto-approve-numbers', expect: READ },
  {
    route: 'POST /api/entities/:id/auto-approve-numbers',
    // A number of its own per call: the same number twice on one entity is refused (issue 31 item 7).
    body: () => ({ number: uniqueNumber(), description: 'Matrix' }),
    expect: EDIT(201),
  },
  {
    route: 'PUT /api/entities/:id/auto-approve-numbers/:numberId',
    object: numberOf,
    body: () => ({ number: uniqueNumber(), description: 'Matrix renamed' }),
    crossed: (c) => numberOf(c, c.stranger),
    expect: { ...EDIT(200), crossed: CROSSED },
  },
  {
    route: 'DELETE /api/entities/:id/auto-approve-numbers/:numberId',
    object: numberOf,
    crossed: (c) => numberOf(c, c.stranger),
    expect: { ...EDIT(200), crossed: CROSSED },
  },

  // ── transit stops ───────────────────────────────────────────────────────────────────────────
  { route: 'GET /api/entities/:id/transit-stops', object: (c) => c.tenant.display, expect: READ },
  {
    route: 'POST /api/entities/:id/transit-stops',
    object: (c) => c.tenant.display,
    body: stopBody,
    expect: EDIT(201),
  },
  {
    route: 'DELETE /api/entities/:id/transit-stops/:stopId',
    object: stopOf,
    crossed: (c) => stopOf(c, c.stranger),
    expect: { ...EDIT(200), crossed: CROSSED },
  },
  // Signed-in users get past authentication to validation (no query); Entur is never asked.
  { route: 'GET /api/transit/search-stops', expect: { none: '401 400 400 400 400 400' } },

  // ── SMS ─────────────────────────────────────────────────────────────────────────────────────
  // Webhooks authenticate by the provider's signature, never by a user token.
  {
    route: 'POST /api/sms/inbound/:provider',
    object: () => ({ id: 0, provider: 'generic' }),
    body: () => ({ id: 'matrix', from: '+4791234567', text: 'x' }),
    expect: { own: '401 401 401 401 401 401' },
  },
  { route: 'GET /api/admin/sms', expect: { none: '401 200 403 403 403 403' } },
  // A resident's data (issue 28 item 9): read or erased by the superadmin only.
  {
    route: 'GET /api/privacy/phone/:e164',
    object: () => ({ id: 0, e164: '+4791234567' }),
    expect: { own: '401 200 403 403 403 403' },
  },
  // The STOP list names residents (masked): the organization's board, like its SMS usage.
  {
    route: 'GET /api/entities/:id/sms-opt-outs',
    expect: {
      own: '401 200 200 200 403 404',
      other: '401 200 404 404 404 200',
      missing: '401 404 404 404 404 404',
    },
  },
  {
    // No STOP entry has this reference: who may act gets 404 for the entry, the others as above.
    route: 'DELETE /api/entities/:id/sms-opt-outs/:ref',
    object: (c) => ({ id: c.tenant.org.id, ref: 'a'.repeat(64) }),
    // Tenant A's organization with a number that sent STOP to tenant B: nobody lifts it from A.
    crossed: async (c) => ({ id: c.tenant.org.id, ref: await smsStopOf(c, c.stranger) }),
    expect: {
      own: '401 404 404 404 403 404',
      other: '401 404 404 404 404 404',
      missing: '401 404 404 404 404 404',
      crossed: '401 404 404 404 403 404',
    },
  },
  {
    route: 'DELETE /api/privacy/phone/:e164',
    object: () => ({ id: 0, e164: '+4791234568' }),
    expect: { own: '401 200 403 403 403 403' },
  },
];

/** A number that wrote to the tenant's organization and sent STOP; its reference on the STOP list. */
async function smsStopOf(c: MatrixContext, tenant: Tenant): Promise<string> {
  const number = `0047910${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  const db = c.api.deps.database.db;
  await db.insert(smsMessages).values({
    provider: 'generic',
    providerMessageId: `matrix-${c.unique()}`,
    from: number,
    text: 'x',
    raw: {},
    entityId: tenant.org.id,
  });
  await db.insert(smsOptOuts).values({ number }).onConflictDoNothing();
  return optOutRef(number);
}
