import { displayContract } from '@oppslag/common/contract/display.contract.ts';
import { describe, expect, it } from 'vitest';
import { wireContent, wireNote } from '../test-utils';
import type { ContentAnswer } from './types';
import { contentView, slideView } from './view';

type WireSlide = ContentAnswer['banners'][number];
const wireSlide = (patch: Partial<WireSlide> = {}): WireSlide => ({
  id: 4,
  entityId: 7,
  slot: 'banner',
  type: 'banner-asset',
  start: '2026-11-21T10:00:00.000Z',
  end: null,
  duration: 20,
  templateId: null,
  templateText: null,
  asset: null,
  master: false,
  ...patch,
});
const asset = {
  id: 3,
  type: 1,
  mime: 'image/png',
  page: 1,
  hasCropped: true,
  croppedUrl: '/assets/3/cropped?v=9',
  originalUrl: '/assets/3/original?v=9',
};

describe('contentView', () => {
  it('gives notes their start and end as epoch ms (the spec’s `date` is the start)', () => {
    const c = contentView(
      wireContent({ notes: [{ ...wireNote(1), date: '2026-11-21T10:00:00Z', end: '2026-11-22T10:00:00Z' }] }),
    );
    expect(c.notes[0]).toMatchObject({
      id: 1,
      start: Date.parse('2026-11-21T10:00:00Z'),
      end: Date.parse('2026-11-22T10:00:00Z'),
    });
    expect(c.notes[0]).not.toHaveProperty('date');
  });

  it('uses the cropped rendition of an asset slide once it exists, else the original', () => {
    const s = slideView(wireSlide({ asset, templateText: 'x' }));
    expect([s.imageUrl, s.duration, s.html]).toEqual(['/api/assets/3/cropped?v=9', 20, null]);
    expect(slideView(wireSlide({ asset: { ...asset, hasCropped: false } })).imageUrl).toBe(
      '/api/assets/3/original?v=9',
    );
  });

  it('draws template text over the template artwork in its font colour', () => {
    const t = slideView(
      wireSlide({ type: 'banner-template', templateId: 'bunny', templateText: '<p>God påske</p>' }),
    );
    expect([t.kind, t.imageUrl, t.html, t.fontColor]).toEqual([
      'image',
      '/api/templates/bunny/image',
      '<p>God påske</p>',
      '#1f2933',
    ]);
  });

  it('escapes the plain fallback text', () => {
    const f = contentView(
      wireContent({ fallback: [{ type: 'text', text: 'Velkommen <hjem>\nHilsen styret' }] }),
    ).fallback[0];
    expect([f.kind, f.html]).toEqual(['text', 'Velkommen &lt;hjem&gt;<br>Hilsen styret']);
  });

  it('reads transit and weather in the shapes the worker caches, leaving out days without a symbol', () => {
    const c = contentView(
      wireContent({
        transit: {
          entityId: 1,
          updatedAt: '2026-11-21T12:00:00Z',
          stops: [
            {
              stopId: 's',
              label: 'Storo',
              name: null,
              departures: [
                {
                  lineCode: '31',
                  frontText: 'Fornebu',
                  departureTime: '2026-11-21T12:03:00Z',
                  transportMode: 'bus',
                },
              ],
            },
          ],
        },
        weather: {
          organizationId: 1,
          latitude: 0,
          longitude: 0,
          updatedAt: '2026-11-21T12:00:00Z',
          days: [
            { date: '2026-11-21', symbolCode: 'rain', temperature: 3, minTemperature: 1, maxTemperature: 4 },
            {
              date: '2026-11-22',
              symbolCode: null,
              temperature: null,
              minTemperature: null,
              maxTemperature: null,
            },
          ],
        },
      }),
    );
    expect(c.transit[0].departures[0].departureTime).toBe(Date.parse('2026-11-21T12:03:00Z'));
    expect(c.weather.map((d) => d.date)).toEqual(['2026-11-21']);
    expect([c.transitUpdatedAt, c.weatherUpdatedAt]).toEqual([
      Date.parse('2026-11-21T12:00:00Z'),
      Date.parse('2026-11-21T12:00:00Z'),
    ]);
  });

  it('starts from answers the contract accepts (the fixtures are what the API sends)', () => {
    expect(displayContract.content.response.safeParse(wireContent({ notes: [wireNote(1)] })).success).toBe(
      true,
    );
    expect(displayContract.content.response.safeParse({ notes: [] }).success).toBe(false);
  });
});
