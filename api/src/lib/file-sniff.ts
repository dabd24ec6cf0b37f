/** The upload kinds accepted for assets (content spec: images and PDF documents). */
export type SniffedKind = 'png' | 'jpeg' | 'webp' | 'pdf';

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/**
 * Recognizes a file by its leading bytes only; names and declared content types are ignored
 * because the client controls them. Anything not listed here (SVG, GIF, HTML, archives) is null.
 */
export function sniffFile(bytes: Buffer): SniffedKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF container whose form type is WEBP.
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  // "%PDF-" must open the file: readers tolerate leading junk, which is how polyglots hide.
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return null;
}

export const MIME_OF: Record<SniffedKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
