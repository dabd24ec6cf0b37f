import { useAtomValue } from 'jotai';
import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';
import { assetFileUrl, fileSessionAtom, openFileSession, renewFileSession } from '../api/asset-files';
import { renderPdfPagePreview } from '../lib/pdf-page';
import { tokenAtom } from '../state/session';

/** How long a failed image waits before it is asked for again (content spec: image retry every 5 s). */
export const IMAGE_RETRY_MS = 5000;

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  /** The path the API gives (`asset.croppedUrl`, `asset.originalUrl`). */
  path: string;
};

/**
 * The asset file cookie and the 5-second retry every asset image shares: `ready` once the cookie
 * is set for the current token; `failed()` waits 5 s, opens a fresh cookie and bumps `attempt`.
 */
function useAssetRetry() {
  const token = useAtomValue(tokenAtom);
  const session = useAtomValue(fileSessionAtom);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (token) void openFileSession(token);
  }, [token]);
  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => {
      setFailed(false);
      void renewFileSession().then(() => setAttempt((n) => n + 1));
    }, IMAGE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [failed]);
  const ready = token !== null && session?.token === token;
  return { ready, attempt, failed: () => setFailed(true) };
}

/**
 * An image of an asset, loaded with the asset file cookie (see api/asset-files.ts) rather than a
 * token in its URL. It waits for the cookie, and retries a failed load every 5 seconds (a
 * rendition not made yet, a cookie that ended, the network away) with a fresh cookie.
 */
export function AssetImg({ path, alt = '', ...img }: Props) {
  const { ready, attempt, failed } = useAssetRetry();
  const src = attempt
    ? `${assetFileUrl(path)}${path.includes('?') ? '&' : '?'}retry=${attempt}`
    : assetFileUrl(path);
  return <img {...img} alt={alt} src={ready ? src : undefined} onError={failed} />;
}

/**
 * One page of an uploaded PDF (`path` is its `originalUrl`) drawn in the browser, with the same
 * cookie and 5-second retry as AssetImg: the banner editor places it live by the crop math.
 */
export function PdfPageImg({ path, page, alt = '', ...img }: Props & { page: number }) {
  const { ready, attempt, failed } = useAssetRetry();
  const [src, setSrc] = useState<string | null>(null);
  // The shown page stays until the next one is drawn (no blank flash while switching pages).
  const shown = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load after a failure
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    renderPdfPagePreview(path, page).then(
      (made) => {
        if (cancelled) return URL.revokeObjectURL(made);
        if (shown.current) URL.revokeObjectURL(shown.current);
        shown.current = made;
        setSrc(made);
      },
      () => {
        if (!cancelled) failed();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [ready, path, page, attempt]);
  return src ? <img {...img} alt={alt} src={src} onError={failed} /> : null;
}
