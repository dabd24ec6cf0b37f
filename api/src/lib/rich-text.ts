import sanitizeHtml from 'sanitize-html';

/**
 * The editor's formats (content spec §2): bold, italic, strike, underline, headings 1–2, lists and
 * emoji (plain text). Everything else — scripts, styles, links, images, attributes — is dropped, and
 * the text of disallowed elements is kept except for script-like ones whose content is never text.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 's', 'strike', 'u', 'h1', 'h2', 'p', 'br', 'ul', 'ol', 'li'],
  allowedAttributes: {},
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  parser: { lowerCaseTags: true },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when sanitized HTML shows nothing: no text once tags and whitespace are gone. */
export function isBlankRichText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}
