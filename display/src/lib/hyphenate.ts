import * as en from 'hyphen/en';
import * as nb from 'hyphen/nb';
import type { Language } from '../player/i18n';

/**
 * Hyphenation for notes and departures (issue 31 item 17: "Borettslagsgener|alforsamlingsinnk|
 * allingen" broke mid-word without a hyphen). Debian's Chromium ships no hyphenation dictionaries,
 * so `hyphens: auto` does nothing there for any language; instead the text gets soft hyphens
 * (U+00AD) from the TeX patterns (`hyphen`, Norwegian Bokmål or US English by the screen's
 * language), and the browser breaks a long word at one of them and draws the hyphen
 * (`hyphens: manual`). Only words of 12 letters or more get them: a shorter word fits a line of the
 * narrowest note column even in large print (~22 letters at 48 px), so it never needs breaking,
 * and the text of everyday notes and stop names stays exactly as written.
 */
const OPTIONS = { minWordLength: 12 };

export const LANG_ATTRIBUTE: Record<Language, string> = { no: 'nb', en: 'en' };

export function hyphenateHtml(html: string, language: Language): string {
  return (language === 'en' ? en : nb).hyphenateHTMLSync(html, OPTIONS);
}

export function hyphenateText(text: string, language: Language): string {
  return (language === 'en' ? en : nb).hyphenateSync(text, OPTIONS);
}
