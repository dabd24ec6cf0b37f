import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** Bounds for rendering one page of an uploaded PDF. */
export const PDF_RENDER_LIMITS = { timeoutMs: 30_000, heapMb: 512, maxEdge: 4096, maxPixels: 16_000_000 };

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const standardFontDataUrl = `${join(pdfjsRoot, 'standard_fonts')}/`;
const threadUrl = new URL('./pdf-render.thread.ts', import.meta.url);

/**
 * Renders one page of a PDF to PNG with pdf.js, large enough to cover `target` at `zoom` (the
 * crop's scale) but never beyond the pixel limits. It runs in a worker thread with a heap limit
 * and is terminated after the timeout: pdf.js parses synchronously, so a timer in this thread
 * could not interrupt a hostile document. pdf.js 6 evaluates nothing and runs no document scripts.
 */
export function renderPdfPage(
  bytes: Buffer,
  pageNumber: number,
  target: { width: number; height: number },
  zoom: number,
  limits = PDF_RENDER_LIMITS,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const data = new Uint8Array(bytes);
    const worker = new Worker(threadUrl, {
      workerData: {
        bytes: data,
        pageNumber,
        target,
        zoom,
        maxEdge: limits.maxEdge,
        maxPixels: limits.maxPixels,
        standardFontDataUrl,
      },
      transferList: [data.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
      // Plain Node (it strips the types itself): a TypeScript loader inherited from the parent
      // (tsx) would transform pdf.js on every start and make each run many times slower.
      execArgv: [],
    });
    let settled = false;
    const finish = (err: Error | null, png?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (err) reject(err);
      else resolve(png as Buffer);
    };
    const timer = setTimeout(
      () => finish(new Error(`PDF rendering took longer than ${limits.timeoutMs} ms`)),
      limits.timeoutMs,
    );
    worker.once('message', (message: { ok: true; png: Uint8Array } | { ok: false; error: string }) =>
      message.ok
        ? finish(null, Buffer.from(message.png))
        : finish(new Error(`PDF page could not be rendered: ${message.error}`)),
    );
    worker.once('error', (err) => finish(err));
    worker.once('exit', (code) => finish(new Error(`PDF renderer stopped (exit code ${code})`)));
  });
}
