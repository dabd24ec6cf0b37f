/**
 * The last manifest and content the screen received, kept in localStorage with their ETags so
 * a restart without network still shows the board, and a restart with network revalidates
 * cheaply (304). Raw server JSON is stored; it is normalized again on load.
 */
export interface CachedDocument {
  body: unknown;
  etag: string | null;
  savedAt: number;
}

const key = (displayId: string, kind: 'manifest' | 'content') => `oppslag.display.${displayId}.${kind}`;

export function readCached(
  displayId: string,
  kind: 'manifest' | 'content',
  storage: Storage = localStorage,
): CachedDocument | null {
  try {
    const raw = storage.getItem(key(displayId, kind));
    return raw ? (JSON.parse(raw) as CachedDocument) : null;
  } catch {
    return null;
  }
}

export function writeCached(
  displayId: string,
  kind: 'manifest' | 'content',
  doc: CachedDocument,
  storage: Storage = localStorage,
): void {
  try {
    storage.setItem(key(displayId, kind), JSON.stringify(doc));
  } catch {
    // Quota exceeded: the screen still works from memory; the next save may fit again.
  }
}

export function clearCached(displayId: string, storage: Storage = localStorage): void {
  storage.removeItem(key(displayId, 'manifest'));
  storage.removeItem(key(displayId, 'content'));
}
