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

  it('builds image URLs for asset slides and keeps template text', () => {
    const s = normalizeSlide({
      id: 4,
      asset: { hashid: 'h'.repeat(20), hasCropped: true, updatedAt: '2026-11-21T10:00:00Z' },
      duration: 20,
    });
    expect(s.imageUrl).toBe(`/api/assets/${'h'.repeat(20)}/cropped?t=${Date.parse('2026-11-21T10:00:00Z')}`);
    expect(s.duration).toBe(20);
    const t = normalizeSlide({
      id: 5,
      imageUrl: '/api/templates/cake.svg',
      templateText: '<p>Kake</p>',
      fontColor: '#222',
    });
    expect([t.kind, t.html, t.fontColor]).toEqual(['image', '<p>Kake</p>', '#222']);
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
