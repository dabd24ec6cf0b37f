// Runs in a worker thread with its own heap limit: a hostile PDF can at worst exhaust this thread.
// Node strips the types natively, so this file imports only packages (no relative TypeScript).
import { parentPort, workerData } from 'node:worker_threads';
import { EncryptedPDFError, PDFDocument } from 'pdf-lib';

async function inspect(
  bytes: Uint8Array,
): Promise<{ ok: true; pageCount: number } | { ok: false; reason: string }> {
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: false,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
    return { ok: true, pageCount: doc.getPageCount() };
  } catch (err) {
    return { ok: false, reason: err instanceof EncryptedPDFError ? 'encrypted' : 'invalid' };
  }
}

const { bytes } = workerData as { bytes: Uint8Array };
parentPort?.postMessage(await inspect(bytes));
