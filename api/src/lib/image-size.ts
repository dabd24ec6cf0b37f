/**
 * Width and height of a JPEG or WebP from its header, or null when the bytes are not a well-formed
 * image of that kind. The screenshot store uses it to check what a screen sends beyond the magic
 * bytes (a truncated or forged header is refused) and to record the thumbnail's size.
 */
export function imageSize(
  bytes: Uint8Array,
  kind: 'jpeg' | 'webp',
): { width: number; height: number } | null {
  return kind === 'jpeg' ? jpegSize(bytes) : webpSize(bytes);
}

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2; // after SOI
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    // Fill bytes between segments.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = (b[i + 2] << 8) | b[i + 3];
    if (length < 2) return null;
    // SOF0…SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (b[i + 5] << 8) | b[i + 6];
      const width = (b[i + 7] << 8) | b[i + 8];
      return width > 0 && height > 0 ? { width, height } : null;
    }
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 30) return null;
  const chunk = String.fromCharCode(b[12], b[13], b[14], b[15]);
  if (chunk === 'VP8 ') {
    // Key frame start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: ((b[27] << 8) | b[26]) & 0x3fff, height: ((b[29] << 8) | b[28]) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return {
      width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)),
      height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)),
    };
  }
  return null;
}
