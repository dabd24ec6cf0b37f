export declare function sanitizeRichText(html: string): string;
/** True when sanitized HTML shows nothing: no text once tags and whitespace are gone. */
export declare function isBlankRichText(html: string): boolean;
