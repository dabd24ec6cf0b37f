import type { Logger } from 'pino';
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
/**
 * SMTP when `smtpUrl` is set; otherwise each message is written to `<dataDir>/mail/` and its text
 * logged, so a laptop install can follow reset and invitation links without a mail server.
 */
export declare function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer;
