import { assetFileUrl } from '../api/asset-files';

/** The longest edge a preview page is drawn at: sharp in a 320 px preview on a 3x phone screen. */
const PREVIEW_EDGE = 1200;

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfJs> | null = null;

/** pdf.js and its worker load only when a document is previewed (the banner editor's PDF pages). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    },
  );
  return pdfjs;
}

/**
 * Draws one page of an uploaded PDF (its `originalUrl`, read with the asset file cookie) to a PNG
 * object URL, the same page the worker renders, so the editor can show it placed by the crop
 * math while the user adjusts. A failure rejects; the caller retries like any asset image.
 */
export async function renderPdfPagePreview(path: string, pageNumber: number): Promise<string> {
  const lib = await loadPdfJs();
  const res = await fetch(assetFileUrl(path), { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`PDF answered ${res.status}`);
  const task = lib.getDocument({ data: new Uint8Array(await res.arrayBuffer()), verbosity: 0 });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(Math.min(Math.max(1, pageNumber), doc.numPages));
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: PREVIEW_EDGE / Math.max(base.width, base.height) });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // Paper is white, as the worker renders it.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('The page could not be drawn');
    return URL.createObjectURL(blob);
  } finally {
    await task.destroy();
  }
}
