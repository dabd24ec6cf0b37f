/**
 * Every text Oppslag sends by SMS, in Norwegian (the default) and English (a number from abroad, a
 * board member whose language is English). Kept short: one SMS segment where the content allows.
 */
export type SmsLanguage = 'nb' | 'en';

const SNIPPET_MAX = 100;
export const snippet = (text: string) =>
  text.length > SNIPPET_MAX ? `${text.slice(0, SNIPPET_MAX - 1)}…` : text;

/** The words a resident or member may answer with; compared in upper case, letters only. */
export const STOP_WORDS = new Set(['STOP', 'STOPP']);
export const START_WORDS = new Set(['START']);
export const APPROVE_WORDS = new Set(['JA', 'YES']);
export const REJECT_WORDS = new Set(['NEI', 'NO']);

type Texts = {
  published: (where: string) => string;
  pending: (where: string) => string;
  approved: (where: string) => string;
  rejected: (where: string) => string;
  help: (codeWord: string) => string;
  started: () => string;
  approvalRequest: (where: string, text: string, code: string) => string;
  decisionConfirmed: (where: string, approved: boolean, code: string) => string;
  codeUnknown: (code: string) => string;
  codeUsed: (code: string) => string;
  codeExpired: (code: string) => string;
  budgetReached: (org: string, budget: number) => string;
  phoneCode: (code: string) => string;
};

const nb: Texts = {
  published: (where) => `Takk! Meldingen din vises nå på ${where}.`,
  pending: (where) =>
    `Takk! Meldingen din til ${where} venter på godkjenning fra styret. Du får svar når den er behandlet.`,
  approved: (where) => `Meldingen din er godkjent og vises nå på ${where}.`,
  rejected: (where) => `Meldingen din til ${where} ble ikke publisert av styret.`,
  help: (codeWord) =>
    `Vi fant ikke kodeordet «${codeWord}». Skriv kodeordet som står på skjermen i oppgangen, et mellomrom og meldingen din. Send STOPP for ingen flere svar.`,
  started: () => 'Du får svar fra Oppslag igjen. Send STOPP for ingen flere svar.',
  approvalRequest: (where, text, code) =>
    `Ny SMS-melding til ${where}: "${snippet(text)}". Svar JA ${code} for å publisere, NEI ${code} for å avvise.`,
  decisionConfirmed: (where, approved, code) =>
    approved
      ? `Takk! Meldingen (${code}) er publisert på ${where}.`
      : `Takk! Meldingen (${code}) til ${where} er avvist.`,
  codeUnknown: (code) =>
    `Vi fant ingen ventende melding med koden ${code} for dette nummeret. Ingenting er endret.`,
  codeUsed: (code) => `Meldingen med koden ${code} er allerede behandlet. Ingenting er endret.`,
  codeExpired: (code) => `Koden ${code} er utløpt. Ingenting er endret; behandle meldingen i Oppslag.`,
  budgetReached: (org, budget) =>
    `Oppslag: ${org} har brukt månedens SMS-budsjett (${budget}). Svar til beboere stanser til neste måned, eller til budsjettet økes under SMS-innstillinger.`,
  phoneCode: (code) =>
    `${code} er koden som bekrefter telefonnummeret ditt i Oppslag. Den gjelder i 15 minutter.`,
};

const en: Texts = {
  published: (where) => `Thank you! Your message is now shown on ${where}.`,
  pending: (where) =>
    `Thank you! Your message to ${where} awaits approval by the board. You will hear back when it has been handled.`,
  approved: (where) => `Your message has been approved and is now shown on ${where}.`,
  rejected: (where) => `Your message to ${where} was not published by the board.`,
  help: (codeWord) =>
    `We did not find the code word "${codeWord}". Write the code word shown on the screen in the stairwell, a space and your message. Send STOP for no more replies.`,
  started: () => 'You will get replies from Oppslag again. Send STOP for no more replies.',
  approvalRequest: (where, text, code) =>
    `New SMS note for ${where}: "${snippet(text)}". Reply YES ${code} to publish, NO ${code} to reject.`,
  decisionConfirmed: (where, approved, code) =>
    approved
      ? `Thank you! The note (${code}) is published on ${where}.`
      : `Thank you! The note (${code}) for ${where} was rejected.`,
  codeUnknown: (code) =>
    `We found no pending note with the code ${code} for this number. Nothing was changed.`,
  codeUsed: (code) => `The note with the code ${code} has already been handled. Nothing was changed.`,
  codeExpired: (code) =>
    `The code ${code} has expired. Nothing was changed; please handle the note in Oppslag.`,
  budgetReached: (org, budget) =>
    `Oppslag: ${org} has used this month's SMS budget (${budget}). Replies to residents stop until next month, or until the budget is raised in the SMS settings.`,
  phoneCode: (code) =>
    `${code} is the code that confirms your phone number in Oppslag. It is valid for 15 minutes.`,
};

export const smsTexts = (language: string): Texts => (language === 'en' ? en : nb);

/** Where a note is shown, for the resident's reply: the entity's name on its screens. */
export const whereShown = (language: string, entityName: string) =>
  language === 'en' ? `the screens of ${entityName}` : `skjermene til ${entityName}`;
