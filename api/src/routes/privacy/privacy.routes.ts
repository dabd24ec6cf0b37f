import Router from '@koa/router';
import { normalizePhone, privacyContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { invalidField } from '../../errors';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { recordEvent } from '../../services/events.service';
import { erasePhone, optOutHash, phoneReport } from '../../services/sms-privacy.service';

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
  });
  return router;
}
