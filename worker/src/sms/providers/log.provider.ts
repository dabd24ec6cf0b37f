import type { Logger } from 'pino';
import type { SmsProvider } from './provider';

/** The default: writes the message to the log instead of sending it (no provider account needed). */
export function logSmsProvider(logger: Logger): SmsProvider & { sent: { to: string; text: string }[] } {
  const sent: { to: string; text: string }[] = [];
  return {
    name: 'log',
    sent,
    async send(to, text) {
      sent.push({ to, text });
      if (sent.length > 100) sent.shift();
      logger.info({ to, text }, 'sms (log provider, not sent)');
      return { providerMessageId: null };
    },
  };
}
