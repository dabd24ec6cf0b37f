import { sanitizeRichTextDom } from '@oppslag/common/rich-text.ts';

/**
 * The API already stores sanitized HTML; the player filters again with the same allow-list (common
 * `rich-text.ts`) so a screen in a public stairwell never runs markup that slipped through.
 */
export const sanitizeHtml = sanitizeRichTextDom;
