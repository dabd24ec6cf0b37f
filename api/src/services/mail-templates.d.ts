import type { MailMessage } from '../lib/mailer';
/** The account e-mails, in the recipient's language (Norwegian by default, spec §1). */
export declare const mailTemplates: {
  reset(to: string, language: string, link: string): MailMessage;
  invite(to: string, language: string, link: string): MailMessage;
  newPassword(to: string, language: string, password: string, loginUrl: string): MailMessage;
};
