import { describe, expect, it } from 'vitest';
import { ALERT_TEMPLATES, alertActive, alertInputSchema, alertText } from './alerts';

const base = { template: null, title: null, text: null, from: null, to: null };

describe('alertText', () => {
  it('fills a template with its time fields in both languages', () => {
    const alert = { ...base, template: 'water-shut-off' as const, from: '10:00', to: '14:00' };
    expect(alertText(alert, 'no')).toEqual({
      title: 'Vannet stengt',
      text: 'Vannet er stengt fra 10:00 til 14:00. Fyll opp vann på forhånd.',
    });
    expect(alertText(alert, 'en').text).toBe(
      'The water is shut off from 10:00 to 14:00. Draw some water beforehand.',
    );
  });

  it('leaves the time out when none is given, and has words for every template', () => {
    for (const template of ALERT_TEMPLATES)
      for (const language of ['no', 'en'] as const) {
        const { title, text } = alertText({ ...base, template }, language);
        expect(title.length).toBeGreaterThan(3);
        expect(text).not.toContain('{time}');
        expect(text).not.toMatch(/\s\./);
      }
  });

  it('shows free text as written, with the time after it', () => {
    expect(alertText({ ...base, title: 'Gassukt', text: 'Luft ut' }, 'en')).toEqual({
      title: 'Gassukt',
      text: 'Luft ut',
    });
    expect(alertText({ ...base, text: 'Garasjen stengt', from: '08:00' }, 'no').text).toBe(
      'Garasjen stengt – fra 08:00',
    );
  });
});

describe('alertInputSchema', () => {
  it('needs a template or a text', () => {
    expect(alertInputSchema.safeParse({}).success).toBe(false);
    expect(alertInputSchema.safeParse({ template: 'power-cut' }).success).toBe(true);
    expect(alertInputSchema.safeParse({ text: 'Hei' }).success).toBe(true);
    expect(alertInputSchema.safeParse({ template: 'flood' }).success).toBe(false);
    expect(alertInputSchema.safeParse({ template: 'power-cut', from: '25:00' }).success).toBe(false);
  });
});

describe('alertActive', () => {
  it('ends at expiry or when cleared', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(alertActive({ clearedAt: null, expiresAt: null }, now)).toBe(true);
    expect(alertActive({ clearedAt: null, expiresAt: '2026-01-01T12:00:01Z' }, now)).toBe(true);
    expect(alertActive({ clearedAt: null, expiresAt: '2026-01-01T12:00:00Z' }, now)).toBe(false);
    expect(alertActive({ clearedAt: '2026-01-01T11:00:00Z', expiresAt: null }, now)).toBe(false);
  });
});
