import { Worker } from 'node:worker_threads';

export type PdfInspection =
  | { ok: true; pageCount: number }
  | { ok: false; reason: 'encrypted' | 'invalid' | 'timeout' };

/** Bounds for parsing one uploaded PDF; pdf-lib never evaluates scripts, these cap time and memory. */
export const PDF_INSPECT_LIMITS = { timeoutMs: 10_000, heapMb: 256 };

const workerUrl = new URL('./pdf-inspect.thread.ts', import.meta.url);

/**
 * Parses a PDF with pdf-lib in a worker thread with a heap limit and a timeout, and returns its page
 * count. Anything that fails to parse, is encrypted, crashes the thread or takes too long is refused.
 */
export function inspectPdf(bytes: Buffer, limits = PDF_INSPECT_LIMITS): Promise<PdfInspection> {
  return new Promise((resolve) => {
    const copy = new Uint8Array(bytes);
    const worker = new Worker(workerUrl, {
      workerData: { bytes: copy },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
      // Plain Node (it strips the types itself): a TypeScript loader inherited from the parent
      // (tsx) would transform pdf.js on every start and make each run many times slower.
      execArgv: [],
    });
    let settled = false;
    const finish = (result: PdfInspection) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), limits.timeoutMs);
    worker.once('message', (message: PdfInspection) => {
      const valid = message.ok && Number.isInteger(message.pageCount) && message.pageCount > 0;
      finish(valid ? message : { ok: false, reason: message.ok ? 'invalid' : message.reason });
    });
    worker.once('error', () => finish({ ok: false, reason: 'invalid' }));
    worker.once('exit', () => finish({ ok: false, reason: 'invalid' }));
  });
}
