import { connectivityAtom, currentToken, sessionExpiredAtom, setToken } from '../state/session';
import { store } from '../state/store';
import { apiErrorOf, NetworkError } from './api-error';
import { Connectivity } from './connectivity';

/** API base (spec §7: defaults to /api). */
export const API_BASE = '/api';

/** Asks GET /api/status once; this request itself is never retried (spec §4). */
export async function checkStatus(): Promise<boolean> {
  try {
    const res = await fetch(`${API_BASE}/status`, { headers: { accept: 'application/json' } });
    return res.ok;
  } catch {
    return false;
  }
}

export const connectivity = new Connectivity({
  check: checkStatus,
  onState: (state) => store.set(connectivityAtom, state),
});

export interface RequestOptions {
  body?: unknown;
  /** Multipart bodies are sent as given. */
  form?: FormData;
  signal?: AbortSignal;
}

async function send(
  method: string,
  path: string,
  opts: RequestOptions,
  token: string | null,
): Promise<Response> {
  // The console names itself, so the change history can tell its changes from direct API use.
  const headers: Record<string, string> = { accept: 'application/json', 'x-oppslag-client': 'console' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  try {
    return await fetch(API_BASE + path, { method, headers, body, signal: opts.signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new NetworkError(err);
  }
}

/**
 * One API call. Network errors wait for the connectivity test and retry; a 401 on a signed-in
 * request clears the token and raises the session-timed-out dialog; any other non-2xx answer is
 * thrown as ApiError carrying the server's stable error code.
 */
export async function request<T = unknown>(
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  let res: Response;
  let token: string | null;
  for (let renewed = false; ; ) {
    token = currentToken();
    try {
      res = await send(method, path, opts, token);
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      await connectivity.networkFailed();
      continue;
    }
    // Refused for a token the console has since replaced (an own e-mail or password change ends
    // the older sessions, and a pushed event may refetch with the old one): ask again, once, with
    // the new token instead of ending the session the user just renewed.
    if (res.status === 401 && token && currentToken() && currentToken() !== token && !renewed) {
      renewed = true;
      continue;
    }
    break;
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (res.ok) return data as T;
  if (res.status === 401 && token && currentToken() === token) {
    setToken(null);
    store.set(sessionExpiredAtom, true);
  }
  throw apiErrorOf(res.status, data, res.statusText, res.headers.get('x-request-id'));
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, { signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  del: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
};

// Browser online/offline events set the online flag (spec §4).
if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => connectivity.browserOffline());
  window.addEventListener('online', () => connectivity.browserOnline());
}
