// Renders one PDF page in a worker thread with its own heap limit, so a hostile document can stall
// or exhaust only this thread, which the parent terminates. Node strips the types natively, so
// this file imports only packages (no relative TypeScript).
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

interface Job {
  bytes: Uint8Array;
  pageNumber: number;
  target: { width: number; height: number };
  zoom: number;
  maxEdge: number;
  maxPixels: number;
  standardFontDataUrl: string;
}

async function render(job: Job): Promise<Uint8Array> {
  const task = pdfjs.getDocument({
    data: job.bytes,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: job.standardFontDataUrl,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(Math.min(Math.max(1, job.pageNumber), doc.numPages));
    const base = page.getViewport({ scale: 1 });
    const cover = Math.max(job.target.width / base.width, job.target.height / base.height) * job.zoom;
    const scale = Math.min(
      cover,
      job.maxEdge / Math.max(base.width, base.height),
      Math.sqrt(job.maxPixels / (base.width * base.height)),
    );
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(
      Math.max(1, Math.floor(viewport.width)),
      Math.max(1, Math.floor(viewport.height)),
    );
    const context = canvas.getContext('2d');
    // PDF pages are opaque paper; transparent pixels would show the display's background instead.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    return new Uint8Array(canvas.toBuffer('image/png'));
  } finally {
    await task.destroy();
  }
}

try {
  const png = await render(workerData as Job);
  parentPort?.postMessage({ ok: true, png }, [png.buffer as ArrayBuffer]);
} catch (err) {
  parentPort?.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
}
