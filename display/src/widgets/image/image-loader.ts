/** Image retry delay after a failure (spec §9). */
export const IMAGE_RETRY_MS = 5000;

export type ImageStatus = 'pending' | 'loading' | 'loaded' | 'failed';

export interface ImageLoaderState {
  status: ImageStatus;
  /** A URL the <img> can show (an object URL for authenticated API images). */
  src: string | null;
  attempts: number;
}

/**
 * Loads one image: pending → loading → loaded, or failed and then loading again after 5 s,
 * for as long as the image is on screen (spec §4 image loader, retry on by default).
 */
export function createImageLoader(
  load: (signal: AbortSignal) => Promise<string>,
  onState: (state: ImageLoaderState) => void,
  { retry = true, retryMs = IMAGE_RETRY_MS }: { retry?: boolean; retryMs?: number } = {},
) {
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;
  let disposed = false;

  const attempt = () => {
    if (disposed) return;
    attempts += 1;
    controller = new AbortController();
    onState({ status: 'loading', src: null, attempts });
    load(controller.signal).then(
      (src) => {
        if (!disposed) onState({ status: 'loaded', src, attempts });
      },
      () => {
        if (disposed) return;
        onState({ status: 'failed', src: null, attempts });
        if (retry) timer = setTimeout(attempt, retryMs);
      },
    );
  };

  onState({ status: 'pending', src: null, attempts });
  return {
    start: attempt,
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
    },
  };
}
