import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
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
 * SMTP when `smtpUrl` is set; otherwise each message is written to `<dataDir>/mail/` (owner-only)
 * so a laptop install can follow reset and invitation links without a mail server. The log names
 * the file but never carries the text: it holds generated passwords and reset links, and logs
 * travel further than the data directory (ASVS V16.2.5).
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
    };
  }
  const dir = join(opts.dataDir, 'mail');
  mkdirSync(dir, { recursive: true });
  return {
    async send(message) {
      const file = join(dir, `${Date.now()}-${message.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`);
      writeFileSync(
        file,
        `From: ${opts.from}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`,
        { mode: 0o600 },
      );
      opts.logger.info(
        { to: message.to, subject: message.subject, file },
        'mail written to file (SMTP_URL unset)',
      );
    },
  };
}
