import { RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_TAGS } from '@oppslag/common';
import sanitizeHtml from 'sanitize-html';

/**
 * The editor's formats (content spec §2), from the one allow-list in common that the console and
 * the player apply too. Everything else — scripts, styles, links, images, attributes — is dropped,
 * and the text of disallowed elements is kept except for script-like ones whose content is never text.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  parser: { lowerCaseTags: true },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when sanitized HTML shows nothing: no text once tags and whitespace are gone. */
export function isBlankRichText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}
