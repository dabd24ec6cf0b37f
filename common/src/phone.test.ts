import { describe, expect, it } from 'vitest';
import { normalizePhone, normalizeSender, smsLanguageFor } from './phone';

/**
 * Known answers from the numbering plans, typed in literally: Norwegian numbers are eight digits
 * after +47, mobile ones start with 4 or 9 (Nkom's numbering plan); Swedish mobiles are +46 7x
 * followed by eight digits. The stored form is `00` + country code + national number.
 */
describe('normalizePhone', () => {
  it('stores a Norwegian mobile in every common spelling as 0047 + eight digits', () => {
    for (const spelling of ['91234567', '912 34 567', '+47 912 34 567', '+4791234567', '004791234567'])
      expect(normalizePhone(spelling), spelling).toBe('004791234567');
    expect(normalizePhone('41234567')).toBe('004741234567');
  });

  it('keeps a foreign number under its own country code', () => {
    expect(normalizePhone('+46 70 123 45 67')).toBe('0046701234567');
    expect(normalizePhone('0046701234567')).toBe('0046701234567');
    // A national number is read in the country given.
    expect(normalizePhone('070-123 45 67', 'SE')).toBe('0046701234567');
  });

  it('means "no number" for empty input and refuses numbers that are not valid', () => {
    expect(normalizePhone('')).toBeNull();
    expect(normalizePhone('   ')).toBeNull();
    expect(normalizePhone(null)).toBeNull();
    expect(normalizePhone('1234')).toBeUndefined();
    expect(normalizePhone('912345678')).toBeUndefined();
    expect(normalizePhone('not a number')).toBeUndefined();
  });
});

describe('SMS senders and the language of replies', () => {
  it('reads a sender as E.164, as digits with a country code (Sveve), or as a Norwegian number', () => {
    expect(normalizeSender('+46701234567')).toBe('0046701234567');
    expect(normalizeSender('46701234567')).toBe('0046701234567');
    expect(normalizeSender('4798887777')).toBe('004798887777');
    expect(normalizeSender('98887777')).toBe('004798887777');
    expect(normalizeSender('2229')).toBeUndefined();
  });
  it('answers Norwegian numbers in Norwegian and others in English', () => {
    expect(smsLanguageFor('004798887777')).toBe('nb');
    expect(smsLanguageFor('0046701234567')).toBe('en');
    expect(smsLanguageFor('00447911123456')).toBe('en');
  });
});
