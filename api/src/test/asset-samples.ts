import { deflateSync } from 'node:zlib';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';

/** Real files generated in tests, plus hand-built malformed ones, for the asset upload tests. */

export const pngSample = (width = 640, height = 480, background = '#cc3333') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A 300x200 JPEG whose EXIF says "rotate 90° clockwise" (orientation 6): upright it is 200x300. */
export const jpegWithOrientation = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#33aa55' } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .toBuffer();

export const webpSample = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 4, background: { r: 40, g: 80, b: 200, alpha: 1 } } })
    .webp()
    .toBuffer();

/** A PDF with `pages` pages, each with a coloured block and its number. */
export async function pdfSample(pages = 3, size: [number, number] = [300, 400]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage(size);
    page.drawRectangle({
      x: 0,
      y: 0,
      width: size[0],
      height: size[1],
      color: rgb(0.1 * i, 0.5, 0.9 - 0.2 * i),
    });
    page.drawText(`Page ${i + 1}`, { x: 40, y: size[1] / 2, size: 32 });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * A one-page A4 notice (595x842 pt): a black heading bar 20–70 pt from the top (with white text),
 * a blue footer bar 20–70 pt from the bottom, white paper between.
 */
export async function a4PdfSample(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawRectangle({ x: 40, y: 842 - 70, width: 515, height: 50, color: rgb(0, 0, 0) });
  page.drawText('Annual meeting', { x: 60, y: 842 - 58, size: 28, color: rgb(1, 1, 1) });
  page.drawRectangle({ x: 40, y: 20, width: 515, height: 50, color: rgb(0, 0, 1) });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF whose trailer names an encryption dictionary, which readers must treat as encrypted. */
export async function encryptedPdfSample(): Promise<Buffer> {
  const text = (await pdfSample(1)).toString('latin1');
  const marked = text.replace(
    /trailer\s*<</,
    (m) => `${m}\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>`,
  );
  return Buffer.from(marked, 'latin1');
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny, valid-looking PNG whose header claims `width` x `height` pixels (a decompression bomb's shape). */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real JPEG whose frame header is patched to claim `width` x `height`. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer(),
  );
  for (let i = 2; i < jpeg.length - 9; i++) {
    // SOF0/SOF2 marker: FF C0|C2, length (2), precision (1), height (2), width (2).
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF marker found');
}

/** A real 1x1 GIF. */
export const gifSample = () =>
  Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** An empty but valid ZIP archive (end-of-central-directory record only), and one with a local header. */
export const zipSample = () =>
  Buffer.concat([
    Buffer.from('PK\x03\x04', 'latin1'),
    Buffer.alloc(26),
    Buffer.from('PK\x05\x06', 'latin1'),
    Buffer.alloc(18),
  ]);

export const tiffSample = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
    .tiff()
    .toBuffer();

export const svgSample = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  );
