import { assetsContract as assets } from '@oppslag/common/contract/assets.contract.ts';
import type { RouteResponse } from '@oppslag/common/contract/define-route.ts';
import type { ErrorBody } from '@oppslag/common/errors.ts';
import type { ContentSlot } from '@oppslag/common/feature-sets.ts';
import { currentToken } from '../state/session';
import { apiErrorOf, NetworkError } from './api-error';
import { API_BASE } from './client';

export type Asset = RouteResponse<typeof assets.upload>['asset'];
type UploadAnswer = RouteResponse<typeof assets.upload>;

/**
 * Uploads one file with XMLHttpRequest, because fetch cannot report upload progress and the
 * banner dialog shows a progress bar (content spec §2). `onProgress` gets 0..1.
 */
export function uploadAsset(
  file: File,
  entityId: number,
  slot: ContentSlot,
  onProgress: (fraction: number) => void,
): Promise<Asset> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(assets.upload.method.toUpperCase(), `${API_BASE}${assets.upload.path}`);
    const token = currentToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      // Either the contract's answer or the error envelope; both read defensively (a proxy may answer).
      let body: Partial<UploadAnswer & ErrorBody> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A non-JSON answer (proxy error page) is reported by its status below.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.asset) {
        onProgress(1);
        resolve(body.asset);
      } else {
        reject(apiErrorOf(xhr.status, body, xhr.statusText, xhr.getResponseHeader('x-request-id')));
      }
    };
    const form = new FormData();
    form.append('entity', String(entityId));
    form.append('slot', slot);
    form.append('file', file);
    xhr.send(form);
  });
}
