/** Sends one text message; numbers are in the stored form `00` + calling code + national number. */
export interface SmsProvider {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'SmsSendError';
  }
}

/** `0047…` → `+47…` (E.164), as the providers' APIs expect. */
export const toE164 = (stored: string) => (stored.startsWith('00') ? `+${stored.slice(2)}` : stored);
