// The demo's two uploaded banners: a photo and a one-page PDF notice, drawn at seed time (same
// bytes every time, nothing binary in the repository) and stored exactly as an upload is: the bytes
// go through normalizeUpload, the original into storage, the row through createAsset, whose
// `asset.cropRequested` event makes the worker render the banner crop through the outbox.
import { randomUUID } from 'node:crypto';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';
import { createAsset } from '../services/asset.service';
import { type NormalizedFile, normalizeUpload } from '../services/asset-files';

export interface DemoFile {
  name: string;
  file: NormalizedFile;
  storageKey: string;
}

/** A 1280×720 "photo" of a courtyard at dusk: sky gradient, sun, hills, a house with lit windows. */
async function demoPhoto(): Promise<Buffer> {
  const windows = [0, 1, 2, 3]
    .flatMap((col) =>
      [0, 1].map(
        (row) => `<rect x="${540 + col * 60}" y="${420 + row * 70}" width="34" height="44" fill="#ffd54f"/>`,
      ),
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#1a237e"/><stop offset="0.6" stop-color="#f06292"/><stop offset="1" stop-color="#ffb74d"/>
      </linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="#fff8e1"/><stop offset="1" stop-color="#ffb300"/></radialGradient>
    </defs>
    <rect width="1280" height="720" fill="url(#sky)"/>
    <circle cx="980" cy="400" r="90" fill="url(#sun)"/>
    <path d="M0 520 Q 320 380 640 500 T 1280 470 V 720 H 0 Z" fill="#2e7d32"/>
    <path d="M0 600 Q 400 520 800 610 T 1280 590 V 720 H 0 Z" fill="#1b5e20"/>
    <rect x="510" y="380" width="270" height="230" fill="#8d6e63"/>
    <path d="M490 390 L 645 280 L 800 390 Z" fill="#5d4037"/>
    ${windows}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A one-page notice from the board, square like the demo's banner slot so nothing is cropped away. */
async function demoPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  // Fixed dates keep the file the same on every seed.
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setTitle('Årsmøte i Solbakken borettslag');
  const size = 600;
  const page = doc.addPage([size, size]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const centred = (text: string, y: number, fontSize: number, font = regular, color = rgb(0.1, 0.1, 0.2)) =>
    page.drawText(text, {
      x: (size - font.widthOfTextAtSize(text, fontSize)) / 2,
      y,
      size: fontSize,
      font,
      color,
    });
  page.drawRectangle({ x: 0, y: 0, width: size, height: size, color: rgb(0.93, 0.96, 1) });
  page.drawRectangle({ x: 0, y: 420, width: size, height: 180, color: rgb(0.08, 0.4, 0.75) });
  centred('Årsmøte', 515, 64, bold, rgb(1, 1, 1));
  centred('Solbakken borettslag', 455, 34, bold, rgb(1, 1, 1));
  centred('Tirsdag 12. mai kl. 19.00', 330, 34);
  centred('Fellesrommet, Blokk A', 280, 34);
  centred('Saker sendes styret innen 20. april.', 170, 24);
  centred('Alle andelseiere er velkommen!', 130, 24);
  return Buffer.from(await doc.save());
}

/**
 * Draws and stores the demo's originals before the seed's transaction opens (an upload stores its
 * file first, too); `discardDemoFiles` removes them if the seed then fails.
 */
export async function storeDemoFiles(deps: AppDeps): Promise<DemoFile[]> {
  const drawn = [
    { name: 'solnedgang.jpg', bytes: await demoPhoto(), ext: 'jpg' },
    { name: 'arsmote.pdf', bytes: await demoPdf(), ext: 'pdf' },
  ];
  const stored: DemoFile[] = [];
  for (const { name, bytes, ext } of drawn) {
    const file = await normalizeUpload(bytes);
    const storageKey = `originals/${randomUUID()}.${ext}`;
    await deps.storage.put(storageKey, file.data);
    stored.push({ name, file, storageKey });
  }
  return stored;
}

export async function discardDemoFiles(deps: AppDeps, files: DemoFile[]): Promise<void> {
  for (const f of files) await deps.storage.delete(f.storageKey);
}

/** The asset rows for the stored originals, each requesting its banner crop from the worker. */
export async function createDemoAssets(
  tx: Tx,
  entityId: number,
  files: DemoFile[],
  actor: { id: number },
): Promise<number[]> {
  const ids: number[] = [];
  for (const f of files) {
    const row = await createAsset(
      tx,
      { entityId, name: f.name, file: f.file, storageKey: f.storageKey, slot: 'banner' },
      actor,
    );
    ids.push(row.id);
  }
  return ids;
}
