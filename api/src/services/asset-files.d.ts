import { AppError } from '../errors';
import { type SniffedKind } from '../lib/file-sniff';
/** Upload limits: 20 MB per file, 50 megapixels per decoded image. */
export declare const MAX_UPLOAD_BYTES: number;
export declare const MAX_INPUT_PIXELS = 50000000;
/** Originals are stored no larger than this on their long edge; every slot is far smaller. */
export declare const MAX_STORED_EDGE = 4096;
export interface NormalizedFile {
  kind: SniffedKind;
  mime: string;
  type: number;
  data: Buffer;
  width: number | null;
  height: number | null;
  pageCount: number;
}
export declare const unsupportedFile: () => AppError;
/** Sharp options shared by every decode of untrusted bytes. */
export declare const SAFE_DECODE: {
  readonly limitInputPixels: 50000000;
  readonly failOn: 'truncated';
};
/**
 * At most this many uploads are decoded at once per process: a 50-megapixel decode holds about
 * 200 MB, so a burst of uploads waits its turn instead of exhausting memory.
 */
export declare const MAX_CONCURRENT_DECODES = 2;
/** Recognizes an uploaded file by its bytes and returns what will be stored, or throws a 4xx. */
export declare function normalizeUpload(bytes: Buffer): Promise<NormalizedFile>;
/**
 * A crop made by the browser: any accepted image, decoded with the same limits and stored as WebP
 * like the worker's renditions.
 */
export declare function normalizeCroppedUpload(bytes: Buffer): Promise<Buffer>;
