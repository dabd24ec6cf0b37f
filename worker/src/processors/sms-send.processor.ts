import {
  type AppDeps,
  knownProviderIds,
  lockOutbound,
  markSending,
  type OutboundRow,
  recordHandOver,
  unitOfWork,
  updateIfSending,
} from '@oppslag/api/core';
import { messageOf } from '@oppslag/common/thrown.ts';
import { type SmsProvider, SmsSendError } from '../sms/providers/index';

/**
 * How long a hand-over counts as still in flight. Longer than the providers' request timeout
 * (10 s), so a second job never settles a message whose first send is still waiting for an answer.
 */
export const SENDING_GRACE_MS = 60_000;
/** Attempts the provider may refuse a message before it is given up (`failed`). */
export const MAX_SEND_ATTEMPTS = 8;

export type SendOutcome = 'sent' | 'reconciled' | 'unknown' | 'skipped' | 'failed';

/** The `reason` of a row handed over again because its provider cannot say whether it has it. */
export const BLIND_RESEND = 'resent: worker stopped during hand-over; provider cannot be asked';

export class SmsInFlightError extends Error {
  constructor(id: number) {
    super(`sms_outbound ${id} is being handed to the provider; retry later`);
    this.name = 'SmsInFlightError';
  }
}

/** A failure that proves the provider did not take the message: it answered, or nobody listened. */
function definitelyNotSent(err: unknown): boolean {
  if (err instanceof SmsSendError) return true;
  // fetch's TypeError carries the socket's system error as its cause.
  const cause = err instanceof Error ? err.cause : undefined;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : undefined;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND';
}

type Deps = Pick<AppDeps, 'database' | 'now' | 'outbox'>;
type Row = OutboundRow;

/**
 * The `sms/send` job: hands one recorded outbound SMS to the provider, exactly once.
 *
 * 1. In a short transaction the row goes `queued → sending` (with `sendingAt`); that commit is the
 *    durable mark "a hand-over may have happened".
 * 2. The provider is called outside any transaction.
 * 3. The answer is recorded (`sent` + the provider's id). A refusal puts the row back to `queued`
 *    (BullMQ retries), or `failed` after MAX_SEND_ATTEMPTS.
 *
 * If the worker dies between 2 and 3, the next run finds `sending`. Within SENDING_GRACE_MS it
 * backs off (the first call may still be waiting). After it, the provider is asked whether the
 * message exists (`find`, Twilio lists its messages): found → recorded as sent, not sent again;
 * not found → sent now. A provider that cannot be asked (Sveve, the log provider) gets the message
 * again, once (BLIND_RESEND in `reason`): an alert, an approval request or a reply that never
 * arrives costs more than a second copy of it. Only when that re-send is also cut off does the row
 * become `unknown` (two hand-overs, at most two copies, then no more).
 */
export async function sendOutboundSms(
  deps: Deps,
  provider: SmsProvider,
  outboundId: number,
): Promise<SendOutcome> {
  const claim = await unitOfWork(deps, async (tx) => {
    const row = await lockOutbound(tx, outboundId);
    if (!row || (row.status !== 'queued' && row.status !== 'sending')) return { action: 'skip' as const };
    const now = deps.now();
    if (row.status === 'sending') {
      const since = row.sendingAt ?? row.createdAt;
      if (now.getTime() - since.getTime() < SENDING_GRACE_MS) return { action: 'in_flight' as const };
      return { action: 'settle' as const, row };
    }
    await markSending(tx, row, provider.name, now);
    return { action: 'send' as const, row };
  });
  if (claim.action === 'skip') return 'skipped';
  if (claim.action === 'in_flight') throw new SmsInFlightError(outboundId);
  if (claim.action === 'settle') {
    const settled = await settle(deps, provider, claim.row);
    if (settled) return settled;
  }
  return handOver(deps, provider, claim.row);
}

/** A `sending` row whose worker died: ask the provider; null means "not there, send it now". */
async function settle(deps: Deps, provider: SmsProvider, row: Row): Promise<SendOutcome | null> {
  const db = deps.database.db;
  const since = row.sendingAt ?? row.createdAt;
  if (!provider.find) {
    if (row.reason === BLIND_RESEND) {
      await updateIfSending(db, row.id, {
        status: 'unknown',
        reason: 'worker stopped during two hand-overs; provider cannot be asked',
      });
      return 'unknown';
    }
    const again = await updateIfSending(db, row.id, {
      sendingAt: deps.now(),
      attempts: row.attempts + 1,
      reason: BLIND_RESEND,
    });
    return again ? null : 'skipped';
  }
  // Messages to the same number already matched to other rows are not this one.
  const known = await knownProviderIds(db, row.to, new Date(since.getTime() - 24 * 3600 * 1000));
  const found = await provider.find({ to: row.to, text: row.text, since, exclude: known });
  if (found) {
    await updateIfSending(db, row.id, { status: 'sent', providerMessageId: found, sentAt: deps.now() });
    return 'reconciled';
  }
  const reclaimed = await updateIfSending(db, row.id, { sendingAt: deps.now(), attempts: row.attempts + 1 });
  return reclaimed ? null : 'skipped';
}

async function handOver(deps: Deps, provider: SmsProvider, row: Row): Promise<SendOutcome> {
  const db = deps.database.db;
  let providerMessageId: string | null;
  try {
    ({ providerMessageId } = await provider.send(row.to, row.text, { reference: row.idempotencyKey }));
  } catch (err) {
    if (definitelyNotSent(err)) {
      const give = row.attempts + 1 >= MAX_SEND_ATTEMPTS;
      await recordHandOver(db, row.id, {
        status: give ? 'failed' : 'queued',
        reason: messageOf(err).slice(0, 500),
      });
      if (give) return 'failed';
    }
    // Unclear (a timeout): the row stays `sending` and the retry settles it with the provider.
    throw err;
  }
  await recordHandOver(db, row.id, { status: 'sent', providerMessageId, sentAt: deps.now() });
  return 'sent';
}
