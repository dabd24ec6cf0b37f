import { useAtomValue } from 'jotai';
import { type ImgHTMLAttributes, useEffect, useState } from 'react';
import { assetFileUrl, fileSessionAtom, openFileSession, renewFileSession } from '../api/asset-files';
import { tokenAtom } from '../state/session';

/** How long a failed image waits before it is asked for again (content spec: image retry every 5 s). */
export const IMAGE_RETRY_MS = 5000;

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  /** The path the API gives (`asset.croppedUrl`, `asset.originalUrl`). */
  path: string;
};

/**
 * An image of an asset, loaded with the asset file cookie (see api/asset-files.ts) rather than a
 * token in its URL. It waits for the cookie, and retries a failed load every 5 seconds (a
 * rendition not made yet, a cookie that ended, the network away) with a fresh cookie.
 */
export function AssetImg({ path, alt = '', ...img }: Props) {
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
  const src = attempt
    ? `${assetFileUrl(path)}${path.includes('?') ? '&' : '?'}retry=${attempt}`
    : assetFileUrl(path);
  return <img {...img} alt={alt} src={ready ? src : undefined} onError={() => setFailed(true)} />;
}
