/** The upload kinds accepted for assets (content spec: images and PDF documents). */
export type SniffedKind = 'png' | 'jpeg' | 'webp' | 'pdf';
/**
 * Recognizes a file by its leading bytes only; names and declared content types are ignored
 * because the client controls them. Anything not listed here (SVG, GIF, HTML, archives) is null.
 */
export declare function sniffFile(bytes: Buffer): SniffedKind | null;
export declare const MIME_OF: Record<SniffedKind, string>;
