import Router from '@koa/router';
import { type Actor, maskPhone, normalizePhone, privacyContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { invalidField, notFound } from '../../errors';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { recordEvent } from '../../services/events.service';
import { residentDataCheck } from '../../services/resident-data.service';
import { smsScopeOf } from '../../services/sms-outbound.service';
import {
  erasePhone,
  liftOptOut,
  optOutHash,
  optOutRef,
  optOutsOf,
  phoneReport,
} from '../../services/sms-privacy.service';

/** The stored form (`00…`) of the number in the path; E.164 that no country knows is a field error. */
function storedNumber(e164: string): string {
  const stored = normalizePhone(e164);
  if (!stored) throw invalidField({ path: 'e164', code: 'invalid_phone' }, 'Not a valid phone number');
  return stored;
}

/**
 * A resident's requests about their number (issue 28 item 9; docs/privacy.md "Answering a request"):
 * the superadmin reads everything stored about it, or erases it. Each is recorded in the history
 * by the number's hash, in the same transaction as the read or the erasure.
 */
export function privacyRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const db = deps.database.db;
  mountContract(router, deps, privacyContract, {
    phoneReport: async ({ actor, params, uow }) => {
      const number = storedNumber(params.e164);
      return uow(async (tx) => {
        const report = await phoneReport(tx, number);
        await recordEvent(tx, {
          type: 'privacy.phoneExported',
          entityId: null,
          data: { numberHash: optOutHash(number) },
          actorId: actor.id,
        });
        return report;
      });
    },
    phoneErase: async ({ actor, params, uow }) => {
      const number = storedNumber(params.e164);
      return uow(async (tx) => {
        const erased = await erasePhone(tx, number);
        await recordEvent(tx, {
          type: 'privacy.phoneErased',
          entityId: null,
          data: { numberHash: optOutHash(number), inbound: erased.inbound, outbound: erased.outbound },
          actorId: actor.id,
        });
        return { erased: true as const, ...erased };
      });
    },
    optOuts: async ({ actor, access }) => {
      const organizationId = await boardOrganization(actor, access.ancestry);
      const rows = organizationId === null ? [] : await optOutsOf(db, organizationId);
      return rows.map((r) => ({
        ref: optOutRef(r.number),
        number: maskPhone(r.number),
        optedOutAt: r.optedOutAt.toISOString(),
      }));
    },
    liftOptOut: async ({ actor, access, params, uow }) => {
      const organizationId = await boardOrganization(actor, access.ancestry);
      if (organizationId === null) throw notFound('STOP entry');
      await uow(async (tx) => {
        if (!(await liftOptOut(tx, organizationId, params.ref))) throw notFound('STOP entry');
        await recordEvent(tx, {
          type: 'privacy.stopLifted',
          entityId: organizationId,
          data: { numberHash: `sha256:${params.ref}` },
          actorId: actor.id,
        });
      });
      return { lifted: true as const };
    },
  });
  return router;

  /**
   * The organization whose STOP list this is, when the actor may see its residents' data (the
   * rule of common/src/resident-data.ts): a role only below the organization gets 404.
   */
  async function boardOrganization(actor: Actor, ancestry: number[]): Promise<number | null> {
    const { organization } = await smsScopeOf(db, ancestry);
    if (!organization) return null;
    if (!(await residentDataCheck(db, actor, ancestry))(organization.id)) throw notFound('Entity');
    return organization.id;
  }
}
