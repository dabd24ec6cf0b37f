import { ASSET_TYPES } from '@oppslag/common';
import sharp from 'sharp';
import { AppError } from '../errors';
import { MIME_OF, type SniffedKind, sniffFile } from '../lib/file-sniff';
import { inspectPdf } from '../lib/pdf-inspect';

/** Upload limits: 20 MB per file, 50 megapixels per decoded image. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 50_000_000;
/** Originals are stored no larger than this on their long edge; every slot is far smaller. */
export const MAX_STORED_EDGE = 4096;

export interface NormalizedFile {
  kind: SniffedKind;
  mime: string;
  type: number;
  data: Buffer;
  width: number | null;
  height: number | null;
  pageCount: number;
}

export const unsupportedFile = () =>
  new AppError('unsupported_file', 'Only PNG, JPEG and WebP images and PDF documents can be uploaded');
const invalidFile = (message: string) => new AppError('invalid_file', message);

/** Sharp options shared by every decode of untrusted bytes. */
export const SAFE_DECODE = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' } as const;

/**
 * Decodes an image with the pixel limit and re-encodes it in its own format: EXIF and other
 * metadata are dropped and the EXIF orientation is applied to the pixels.
 */
async function normalizeImage(kind: Exclude<SniffedKind, 'pdf'>, bytes: Buffer): Promise<NormalizedFile> {
  try {
    const meta = await sharp(bytes, SAFE_DECODE).metadata();
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) {
      throw invalidFile('The image is too large');
    }
    let pipeline = sharp(bytes, SAFE_DECODE)
      .rotate()
      .resize({ width: MAX_STORED_EDGE, height: MAX_STORED_EDGE, fit: 'inside', withoutEnlargement: true });
    if (kind === 'png') pipeline = pipeline.png({ compressionLevel: 6 });
    else if (kind === 'jpeg') pipeline = pipeline.jpeg({ quality: 88 });
    else pipeline = pipeline.webp({ quality: 88 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      kind,
      mime: MIME_OF[kind],
      type: ASSET_TYPES.image,
      data,
      width: info.width,
      height: info.height,
      pageCount: 1,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const message =
      err instanceof Error && /pixel limit/i.test(err.message)
        ? 'The image is too large'
        : 'The image could not be read';
    throw invalidFile(message);
  }
}

async function normalizePdf(bytes: Buffer): Promise<NormalizedFile> {
  const result = await inspectPdf(bytes);
  if (!result.ok) {
    throw invalidFile(
      result.reason === 'encrypted'
        ? 'Encrypted PDF documents cannot be used'
        : 'The PDF document could not be read',
    );
  }
  return {
    kind: 'pdf',
    mime: MIME_OF.pdf,
    type: ASSET_TYPES.pdf,
    data: bytes,
    width: null,
    height: null,
    pageCount: result.pageCount,
  };
}

/**
 * At most this many uploads are decoded at once per process: a 50-megapixel decode holds about
 * 200 MB, so a burst of uploads waits its turn instead of exhausting memory.
 */
export const MAX_CONCURRENT_DECODES = 2;
let active = 0;
const waiting: (() => void)[] = [];
async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (active >= MAX_CONCURRENT_DECODES) await new Promise<void>((resume) => waiting.push(resume));
  active += 1;
  try {
    return await work();
  } finally {
    active -= 1;
    waiting.shift()?.();
  }
}

/** Recognizes an uploaded file by its bytes and returns what will be stored, or throws a 4xx. */
export async function normalizeUpload(bytes: Buffer): Promise<NormalizedFile> {
  if (bytes.length === 0) throw new AppError('validation_failed', 'The file is empty');
  if (bytes.length > MAX_UPLOAD_BYTES)
    throw new AppError('payload_too_large', 'The file is larger than 20 MB');
  const kind = sniffFile(bytes);
  if (!kind) throw unsupportedFile();
  return withDecodeSlot(() => (kind === 'pdf' ? normalizePdf(bytes) : normalizeImage(kind, bytes)));
}

/**
 * A crop made by the browser: any accepted image, decoded with the same limits and stored as WebP
 * like the worker's renditions.
 */
export async function normalizeCroppedUpload(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new AppError('validation_failed', 'The file is empty');
  const kind = sniffFile(bytes);
  if (!kind || kind === 'pdf')
    throw new AppError('unsupported_file', 'A cropped image must be PNG, JPEG or WebP');
  return withDecodeSlot(async () => {
    try {
      const meta = await sharp(bytes, SAFE_DECODE).metadata();
      if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS)
        throw invalidFile('The image is too large');
      return await sharp(bytes, SAFE_DECODE)
        .rotate()
        .resize({ width: MAX_STORED_EDGE, height: MAX_STORED_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 90 })
        .toBuffer();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw invalidFile('The image could not be read');
    }
  });
}
