import type { MailMessage } from '../lib/mailer';

type Lang = 'no' | 'en';
const lang = (language: string | null | undefined): Lang => (language === 'en' ? 'en' : 'no');

/** The account e-mails, in the recipient's language (Norwegian by default, spec §1). */
export const mailTemplates = {
  reset(to: string, language: string, link: string): MailMessage {
    return lang(language) === 'en'
      ? {
          to,
          subject: 'Reset your Oppslag password',
          text: `Someone asked to reset the password of your Oppslag account.\n\nChoose a new password here (the link works once, for 4 hours):\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
        }
      : {
          to,
          subject: 'Tilbakestill passordet ditt i Oppslag',
          text: `Noen har bedt om å tilbakestille passordet til Oppslag-kontoen din.\n\nVelg et nytt passord her (lenken virker én gang, i 4 timer):\n${link}\n\nHvis det ikke var deg, kan du se bort fra denne e-posten; passordet ditt er uendret.`,
        };
  },
  invite(to: string, language: string, link: string): MailMessage {
    return lang(language) === 'en'
      ? {
          to,
          subject: 'You have been invited to Oppslag',
          text: `You have been given access to a notice board in Oppslag.\n\nChoose your password here (the link works once, for 7 days):\n${link}`,
        }
      : {
          to,
          subject: 'Du er invitert til Oppslag',
          text: `Du har fått tilgang til en oppslagstavle i Oppslag.\n\nVelg passordet ditt her (lenken virker én gang, i 7 dager):\n${link}`,
        };
  },
  newPassword(to: string, language: string, password: string, loginUrl: string): MailMessage {
    return lang(language) === 'en'
      ? {
          to,
          subject: 'Your new Oppslag password',
          text: `An administrator has given your Oppslag account a new password:\n\n${password}\n\nSign in at ${loginUrl} and change it under Settings.`,
        }
      : {
          to,
          subject: 'Ditt nye passord i Oppslag',
          text: `En administrator har gitt Oppslag-kontoen din et nytt passord:\n\n${password}\n\nLogg inn på ${loginUrl} og bytt det under Innstillinger.`,
        };
  },
  /**
   * The account's sign-in was paused: more wrong passwords than the account ceiling allows came in
   * from many addresses (issue 28 item 2). Once per lock; says what the owner can do.
   */
  underAttack(to: string, language: string, resetUrl: string): MailMessage {
    return lang(language) === 'en'
      ? {
          to,
          subject: 'Many wrong passwords were tried on your Oppslag account',
          text: `Many wrong passwords were just tried on your Oppslag account from several places, so signing in from new places is paused for up to 15 minutes. Where you have signed in before, you can still sign in.

If it was not you, choose a new, strong password here; that also lifts the pause:
${resetUrl}`,
        }
      : {
          to,
          subject: 'Mange feil passord er prøvd på Oppslag-kontoen din',
          text: `Mange feil passord er nettopp prøvd på Oppslag-kontoen din fra flere steder, så innlogging fra nye steder er satt på pause i opptil 15 minutter. Der du har logget inn før, kan du fortsatt logge inn.

Hvis det ikke var deg, velg et nytt og sterkt passord her; det opphever også pausen:
${resetUrl}`,
        };
  },
  /** To the OLD address after an e-mail change, so a takeover does not go unnoticed (ASVS V6.3.7). */
  emailChanged(to: string, language: string, newEmail: string): MailMessage {
    return lang(language) === 'en'
      ? {
          to,
          subject: 'The e-mail address of your Oppslag account was changed',
          text: `The e-mail address of your Oppslag account was changed to ${newEmail}, and every other session was signed out.\n\nIf it was not you, contact your administrator at once.`,
        }
      : {
          to,
          subject: 'E-postadressen til Oppslag-kontoen din er endret',
          text: `E-postadressen til Oppslag-kontoen din er endret til ${newEmail}, og alle andre økter er logget ut.\n\nHvis det ikke var deg, ta kontakt med administratoren din straks.`,
        };
  },
};
