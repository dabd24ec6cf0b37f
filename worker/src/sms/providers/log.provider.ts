import { maskPhone } from '@oppslag/api/core';
import type { Logger } from 'pino';
import type { SmsProvider } from './provider';

/**
 * The default: records the message instead of sending it (no provider account needed). The log says
 * that a message would have gone, to which number's last two digits and how long it was, never the
 * number or the text: texts carry approval codes and what residents wrote (docs/operations.md, "Logs").
 * `sent` keeps the last 100 in memory, for a test or a debugger, not for the log.
 */
export function logSmsProvider(logger: Logger): SmsProvider & { sent: { to: string; text: string }[] } {
  const sent: { to: string; text: string }[] = [];
  return {
    name: 'log',
    sent,
    async send(to, text) {
      sent.push({ to, text });
      if (sent.length > 100) sent.shift();
      logger.info({ recipient: maskPhone(to), length: text.length }, 'sms not sent (log provider)');
      return { providerMessageId: null };
    },
  };
}
