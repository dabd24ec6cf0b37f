import { describe, expect, it } from 'vitest';
import { normalizeContent, normalizeManifest, normalizeSlide } from './normalize';

describe('normalizeManifest', () => {
  it('reads the manifest of spec §3 with the feature set of its layout', () => {
    const m = normalizeManifest({
      displayId: 'abcdefghij',
      codeWord: 'SOLSIDEN',
      showCodeWord: true,
      timeZone: 'Europe/Oslo',
      displayInformation: 'Vaktmester: 900 00 000',
      layout: 'oppslag',
      orientation: 1,
      modules: [{ name: 'clock' }, { name: 'notes' }],
      display: { id: 12, name: 'Oppgang A', noteBoardBackgroundColor: '#d0e5be' },
      organization: { name: 'Solsiden borettslag', noteBoardBackgroundColor: '#eeeeee' },
      transitStops: [{ stopId: 'NSR:StopPlace:1', label: 'Storo' }],
    });
    expect(m.layout).toBe('oppslag');
    expect(m.orientation).toBe(1);
    expect(m.modules).toEqual(['clock', 'notes']);
    expect(m.noteBoardBackgroundColor).toBe('#d0e5be');
    expect(m.featureSet.slots.banner).toEqual({ width: 1080, height: 1080 });
    expect(m.featureSet.slots.partnerLogo).toEqual({ width: 536, height: 80 });
    expect(m.featureSet.slots.adsSmall).toBeNull();
    expect(m.entityIds).toEqual([12]);
  });

  it('falls back to the organization colour and the styretavla slots', () => {
    const m = normalizeManifest({ layout: 'default', organization: { noteBoardBackgroundColor: '#eeeeee' } });
    expect(m.noteBoardBackgroundColor).toBe('#eeeeee');
    expect(m.featureSet.slots.banner).toEqual({ width: 480, height: 895 });
    expect(m.featureSet.slots.adsLarge).toEqual({ width: 590, height: 630 });
    expect(m.featureSet.slots.partnerLogo).toBeNull();
    expect(m.modules).toEqual(['clock', 'weather', 'transit', 'notes', 'banners', 'info']);
  });
});

describe('normalizeContent', () => {
  it('keeps well-formed notes and skips broken ones', () => {
    const c = normalizeContent({
      notes: [
        {
          id: 1,
          text: '<p>a</p>',
          icon: 'warning',
          iconColor: '#e60000',
          date: '2026-11-21T10:00:00Z',
          end: null,
          sticky: true,
        },
        { id: 'x' },
        { id: 2, date: 'not a date' },
      ],
    });
    expect(c.notes).toHaveLength(1);
    expect(c.notes[0]).toMatchObject({
      id: 1,
      icon: 'warning',
      sticky: true,
      end: null,
      start: Date.parse('2026-11-21T10:00:00Z'),
    });
  });

  it('uses the cropped rendition of an asset slide once it exists', () => {
    const asset = { id: 3, croppedUrl: '/assets/3/cropped?v=9', originalUrl: '/assets/3/original?v=9' };
    const s = normalizeSlide({
      id: 4,
      type: 'banner-asset',
      asset: { ...asset, hasCropped: true },
      duration: 20,
      templateText: 'x',
    });
    expect([s.imageUrl, s.duration, s.html]).toEqual(['/api/assets/3/cropped?v=9', 20, null]);
    expect(normalizeSlide({ id: 4, asset: { ...asset, hasCropped: false } }).imageUrl).toBe(
      '/api/assets/3/original?v=9',
    );
  });

  it('draws template text over the template artwork in its font colour', () => {
    const t = normalizeSlide({
      id: 5,
      type: 'banner-template',
      templateId: 'bunny',
      templateText: '<p>God påske</p>',
    });
    expect([t.kind, t.imageUrl, t.html, t.fontColor]).toEqual([
      'image',
      '/api/templates/bunny/image',
      '<p>God påske</p>',
      '#1f2933',
    ]);
  });

  it('escapes the plain fallback text', () => {
    const f = normalizeContent({ fallback: [{ type: 'text', text: 'Velkommen <hjem>\nHilsen styret' }] })
      .fallback[0];
    expect([f.kind, f.html]).toEqual(['text', 'Velkommen &lt;hjem&gt;<br>Hilsen styret']);
  });

  it('reads transit and weather in the shapes the worker caches', () => {
    const c = normalizeContent({
      transit: {
        entityId: 1,
        updatedAt: 'x',
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
              { lineCode: '' },
            ],
          },
        ],
      },
      weather: {
        organizationId: 1,
        latitude: 0,
        longitude: 0,
        updatedAt: 'x',
        days: [
          { date: '2026-11-21', symbolCode: 'rain', temperature: 3, minTemperature: 1, maxTemperature: 4 },
          { date: '2026-11-22', symbolCode: null },
        ],
      },
    });
    expect(c.transit[0].departures).toHaveLength(1);
    expect(c.weather).toHaveLength(1);
  });
});
