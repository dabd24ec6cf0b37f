import { request } from 'node:http';
import { expect } from 'vitest';
import { RETRY_AFTER_S } from '../../../scripts/proxy';

/** A GET with exactly these headers (fetch() would add its own Sec-Fetch-Mode). */
export function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** What Chromium sends when a tab or a kiosk opens a page, and what the player's fetch() sends. */
export const NAVIGATE = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};
export const API_FETCH = { accept: 'application/json', 'sec-fetch-mode': 'cors' };

/** Asserts the answer is the self-reloading page, 503 + Retry-After, never cached. */
export function expectPage(res: Awaited<ReturnType<typeof get>>) {
  expect(res.status).toBe(503);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_S));
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).toContain('Oppslag starter');
  expect(res.body).toContain('Oppslag is starting');
  expect(res.body).not.toContain('upstream_unavailable');
}

/** Asserts the answer is the API clients' JSON 503. */
export function expectJson(res: Awaited<ReturnType<typeof get>>) {
  expect(res.status).toBe(503);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_S));
  expect(JSON.parse(res.body).error.code).toBe('upstream_unavailable');
}
