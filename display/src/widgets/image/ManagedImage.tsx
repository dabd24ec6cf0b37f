import { useAtomValue } from 'jotai';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { tokenAtom } from '../../player/state';
import { createImageLoader, type ImageLoaderState, type ImageStatus } from './image-loader';

/** Fetches an API image with the display token (img tags cannot send one) as an object URL. */
async function fetchObjectUrl(url: string, token: string | null, signal: AbortSignal): Promise<string> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  if (!res.ok) throw new Error(`image ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

function decode(url: string, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(url);
    img.onerror = () => reject(new Error('image failed'));
    signal.addEventListener('abort', () => {
      img.src = '';
    });
    img.src = url;
  });
}

/** An image that shows nothing until loaded and retries every 5 s after a failure. */
export function ManagedImage({
  url,
  alt,
  className,
  style,
  fit = 'cover',
  onStatus,
}: {
  url: string;
  alt: string;
  className?: string;
  style?: CSSProperties;
  fit?: 'cover' | 'contain';
  /** Told when the image loads or fails, so a slider can skip a slide that has nothing to show. */
  onStatus?: (status: ImageStatus) => void;
}) {
  const token = useAtomValue(tokenAtom);
  const [state, setState] = useState<ImageLoaderState>({ status: 'pending', src: null, attempts: 0 });
  const onStatusRef = useRef(onStatus);
  onStatusRef.current = onStatus;
  useEffect(() => {
    onStatusRef.current?.(state.status);
  }, [state.status]);

  useEffect(() => {
    let objectUrl: string | null = null;
    // Asset files need the display token; template artwork is public and refuses foreign tokens.
    const apiImage = url.startsWith('/api/assets/');
    const loader = createImageLoader(async (signal) => {
      const src = apiImage ? await fetchObjectUrl(url, token, signal) : await decode(url, signal);
      if (apiImage) objectUrl = src;
      return src;
    }, setState);
    loader.start();
    return () => {
      loader.dispose();
      // Object URLs pin their blob in memory until revoked; a long-running screen must let go.
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, token]);

  return (
    <div className={className} style={style} data-image-status={state.status}>
      {state.src ? (
        <img
          src={state.src}
          alt={alt}
          className="h-full w-full"
          style={{ objectFit: fit }}
          draggable={false}
        />
      ) : null}
    </div>
  );
}
