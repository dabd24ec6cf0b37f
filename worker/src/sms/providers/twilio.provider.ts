import { type SmsProvider, SmsSendError, toE164 } from './provider';

export interface TwilioOptions {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

interface TwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  date_created: string;
}

/** Clock skew allowed between our `sendingAt` and Twilio's `date_created`. */
const SKEW_MS = 60_000;

/**
 * Twilio's REST Messages API: a form POST per message, basic auth with the account SID and token.
 * The create call takes no idempotency key, but the same resource lists the account's messages
 * (newest first, filtered by To and From), which is how `find` settles a hand-over the worker did
 * not live to record.
 */
export function twilioSmsProvider(opts: TwilioOptions): SmsProvider {
  const url = `${opts.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  const failure = async (res: Response) => {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return new SmsSendError('twilio', body.message ?? `answered ${res.status}`, res.status);
  };
  return {
    name: 'twilio',
    async send(to, text) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: toE164(to), From: toE164(opts.from), Body: text }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status !== 201 && res.status !== 200) throw await failure(res);
      const body = (await res.json().catch(() => ({}))) as { sid?: string };
      return { providerMessageId: body.sid ?? null };
    },
    async find({ to, text, since, exclude }) {
      const query = new URLSearchParams({ To: toE164(to), From: toE164(opts.from), PageSize: '50' });
      const res = await fetch(`${url}?${query}`, {
        headers: { authorization: auth },
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw await failure(res);
      const page = (await res.json()) as { messages?: TwilioMessage[] };
      const match = (page.messages ?? []).find(
        (m) =>
          m.body === text &&
          !exclude.includes(m.sid) &&
          new Date(m.date_created).getTime() >= since.getTime() - SKEW_MS,
      );
      return match?.sid ?? null;
    },
  };
}
