import { BUILT_IN_TEMPLATES, TEMPLATE_DARK_TEXT, TEMPLATE_LIGHT_TEXT } from '@oppslag/common';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('built-in templates', () => {
  it('lists the 23 templates of the spec by category with their font colours', async () => {
    const res = await api.request('GET', '/api/templates');
    expect(res.status).toBe(200);
    expect(res.body.categories).toEqual(['all', 'general', 'rules', 'hse', 'seasonal']);
    expect(res.body.templates).toHaveLength(23);
    const ids = (category: string) =>
      res.body.templates
        .filter((t: { category: string }) => t.category === category)
        .map((t: { id: string }) => t.id);
    expect(ids('seasonal')).toEqual(['bunny', '17-may', 'autumn', 'halloween', 'summer', 'winter']);
    expect(ids('rules')).toEqual([
      'barbequing',
      'cigarette',
      'clear-exits',
      'close-door',
      'dog-backyard',
      'dugnad',
      'garage',
      'grass',
      'quiet',
      'roof-terrace',
    ]);
    expect(ids('general')).toEqual(['cake', 'drainage', 'handyman', 'meeting', 'trash']);
    expect(ids('hse')).toEqual(['electrical', 'fire']);
    for (const t of res.body.templates) {
      expect(t.fontColor).toBe(t.id === 'bunny' ? TEMPLATE_DARK_TEXT : TEMPLATE_LIGHT_TEXT);
      expect(t.imageUrl).toMatch(new RegExp(`^/templates/${t.id}/image\\?v=[0-9a-f]{12}$`));
    }
    const hse = await api.request('GET', '/api/templates?category=hse');
    expect(hse.body.templates.map((t: { id: string }) => t.id)).toEqual(['electrical', 'fire']);
    expect((await api.request('GET', '/api/templates?category=ads')).status).toBe(400);
  });

  it('serves each artwork as a small, script-free 480x895 SVG with long caching', async () => {
    for (const template of BUILT_IN_TEMPLATES) {
      const res = await fetch(`${api.url}/api/templates/${template.id}/image`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(res.headers.get('cache-control')).toContain('max-age=31536000');
      const svg = Buffer.from(await res.arrayBuffer());
      expect(svg.length).toBeLessThan(3 * 1024);
      expect(svg.toString()).not.toMatch(/<script|href=|on[a-z]+=|url\((?!#)/i);
      const meta = await sharp(svg).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['svg', 480, 895]);
    }
  });

  it('only serves catalogue ids', async () => {
    for (const id of ['nope', '..%2F..%2Fpackage.json', '%2e%2e', 'bunny.svg', 'BUNNY']) {
      expect((await fetch(`${api.url}/api/templates/${id}/image`)).status).toBe(404);
    }
  });
});
