/** What the provider said about an accepted message: its id there, when it gives one. */
export interface SmsSent {
  providerMessageId: string | null;
}

/** Sends one text message; numbers are in the stored form `00` + calling code + national number. */
export interface SmsProvider {
  readonly name: string;
  /** `reference` is our idempotency key, passed where the API carries one (Sveve's `ref`). */
  send(to: string, text: string, opts?: { reference?: string }): Promise<SmsSent>;
  /**
   * Looks for a message we may already have sent (same recipient and text, created at or after
   * `since`, not one of `exclude`), for a hand-over the worker did not live to record. Only a
   * provider whose API can list sent messages has it; for the others such a message is `unknown`.
   */
  find?(query: { to: string; text: string; since: Date; exclude: readonly string[] }): Promise<string | null>;
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
