import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Bounds for rendering one page of an uploaded PDF. */
export const PDF_RENDER_LIMITS = { timeoutMs: 30_000, maxEdge: 4096, maxPixels: 16_000_000 };

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const standardFontDataUrl = `${join(pdfjsRoot, 'standard_fonts')}/`;

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`PDF rendering took longer than ${ms} ms`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Renders one page of a PDF to PNG, large enough to cover `target` at `zoom` (the crop's scale) but
 * never beyond the limits. pdf.js 6 compiles nothing with eval and runs no document scripts; font
 * faces are off so fonts are drawn as paths.
 */
export async function renderPdfPage(
  bytes: Buffer,
  pageNumber: number,
  target: { width: number; height: number },
  zoom: number,
  limits = PDF_RENDER_LIMITS,
): Promise<Buffer> {
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl,
    verbosity: 0,
  });
  const render = async () => {
    const doc = await task.promise;
    const page = await doc.getPage(Math.min(Math.max(1, pageNumber), doc.numPages));
    const base = page.getViewport({ scale: 1 });
    const cover = Math.max(target.width / base.width, target.height / base.height) * zoom;
    const scale = Math.min(
      cover,
      limits.maxEdge / Math.max(base.width, base.height),
      Math.sqrt(limits.maxPixels / (base.width * base.height)),
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
    return canvas.toBuffer('image/png');
  };
  try {
    return await withTimeout(render(), limits.timeoutMs, () => void task.destroy());
  } finally {
    await task.destroy();
  }
}
