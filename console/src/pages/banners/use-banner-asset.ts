import { contract } from '@oppslag/common/contract/index.ts';
import type { ContentSlot } from '@oppslag/common/feature-sets.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Asset } from '../../api/assets.api';
import { assetQuery } from '../../api/screen-queries';
import { call } from '../../api/typed-client';
import type { Crop } from './banner-asset-editor';

/** How long a crop rests before it is stored, and how often a pending rendition is asked for. */
const CROP_DEBOUNCE_MS = 400;
const RENDITION_POLL_MS = 1000;
/** About half a minute of asking; saving stores the crop again and says what failed. */
const RENDITION_POLLS = 30;

/**
 * The banner dialog's asset, read through the query cache (never fetched in an effect). A PDF page
 * is drawn by the server, so after the page, scale or offset changes the crop is stored (debounced)
 * and the asset read again while its rendition is pending, so the preview follows the controls
 * (issue 11 item 4: choosing another page changed nothing).
 */
export function useBannerAsset(assetId: number | null, slot: ContentSlot) {
  const client = useQueryClient();
  const query = useQuery({
    ...assetQuery(assetId ?? 0),
    enabled: assetId !== null,
    refetchInterval: ({ state }) =>
      state.data?.asset.cropPending && state.dataUpdateCount < RENDITION_POLLS ? RENDITION_POLL_MS : false,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** An asset the dialog got otherwise (an upload): into the cache, as if read. */
  const put = useCallback(
    (asset: Asset) => client.setQueryData(assetQuery(asset.id).queryKey, { asset }),
    [client],
  );

  /** A changed crop of a PDF page is stored after a pause; images are cropped when saved. */
  const cropChanged = useCallback(
    (asset: Asset, crop: Crop) => {
      clearTimeout(timer.current);
      if (asset.type !== 2) return;
      timer.current = setTimeout(() => {
        call(contract.assets.setCrop, { params: { id: asset.id }, body: { ...crop, slot } }).then(
          (answer) => client.setQueryData(assetQuery(asset.id).queryKey, answer),
          () => {
            // Saving stores the crop again and says what failed.
          },
        );
      }, CROP_DEBOUNCE_MS);
    },
    [client, slot],
  );

  return {
    asset: assetId === null ? null : (query.data ?? null),
    loadFailed: assetId !== null && query.isError,
    put,
    cropChanged,
  };
}
