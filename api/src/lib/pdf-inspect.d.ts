export type PdfInspection =
  | {
      ok: true;
      pageCount: number;
    }
  | {
      ok: false;
      reason: 'encrypted' | 'invalid' | 'timeout';
    };
/** Bounds for parsing one uploaded PDF; pdf-lib never evaluates scripts, these cap time and memory. */
export declare const PDF_INSPECT_LIMITS: {
  timeoutMs: number;
  heapMb: number;
};
/**
 * Parses a PDF with pdf-lib in a worker thread with a heap limit and a timeout, and returns its page
 * count. Anything that fails to parse, is encrypted, crashes the thread or takes too long is refused.
 */
export declare function inspectPdf(
  bytes: Buffer,
  limits?: {
    timeoutMs: number;
    heapMb: number;
  },
): Promise<PdfInspection>;
