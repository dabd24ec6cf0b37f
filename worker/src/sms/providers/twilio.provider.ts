import { type SmsProvider, SmsSendError, toE164 } from './provider';

export interface TwilioOptions {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

/** Twilio's REST Messages API: a form POST per message, basic auth with the account SID and token. */
export function twilioSmsProvider(opts: TwilioOptions): SmsProvider {
  const url = `${opts.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(to, text) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: toE164(to), From: toE164(opts.from), Body: text }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status !== 201 && res.status !== 200) {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        throw new SmsSendError('twilio', body.message ?? `answered ${res.status}`, res.status);
      }
    },
  };
}
