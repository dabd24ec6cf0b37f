import { type SmsProvider, SmsSendError } from './provider';

export interface SveveOptions {
  apiUrl: string;
  user: string;
  password: string;
  from: string;
}

/**
 * Sveve's send API (`/SMS/SendMessage`) with a JSON body; errors come back as `fatalError` with 200.
 * Sveve has no idempotency key and no way to list sent messages; our key travels as `ref` (at most
 * 36 characters), which Sveve repeats in its delivery reports.
 */
export function sveveSmsProvider(opts: SveveOptions): SmsProvider {
  return {
    name: 'sveve',
    async send(to, text, sendOpts) {
      const res = await fetch(opts.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          user: opts.user,
          passwd: opts.password,
          // Sveve takes the number with its country code and no prefix.
          to: to.replace(/^00/, ''),
          msg: text,
          from: opts.from,
          ...(sendOpts?.reference ? { ref: sendOpts.reference.slice(0, 36) } : {}),
          f: 'json',
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json().catch(() => null)) as {
        response?: { msgOkCount?: number; fatalError?: string; errors?: unknown; ids?: number[] };
      } | null;
      if (!res.ok) throw new SmsSendError('sveve', `answered ${res.status}`, res.status);
      if (!body?.response || body.response.fatalError || !body.response.msgOkCount)
        throw new SmsSendError('sveve', body?.response?.fatalError ?? 'message not accepted');
      const id = body.response.ids?.[0];
      return { providerMessageId: id === undefined ? null : String(id) };
    },
  };
}
