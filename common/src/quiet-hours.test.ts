import { describe, expect, it } from 'vitest';
import { localMinutes } from './oslo-time';
import { inQuietHours, quietHoursSchema, resolveQuietHours } from './quiet-hours';

const night = { start: '23:00', end: '06:00', mode: 'blank' } as const;
const day = { start: '09:00', end: '17:00', mode: 'dim' } as const;

describe('inQuietHours (Europe/Oslo wall clock)', () => {
  it('wraps a window across midnight', () => {
    // Winter (CET = UTC+1): 22:30Z is 23:30 local, 04:59Z is 05:59, 05:00Z is 06:00.
    expect(inQuietHours(night, new Date('2026-01-15T21:59:00Z'))).toBe(false); // 22:59
    expect(inQuietHours(night, new Date('2026-01-15T22:00:00Z'))).toBe(true); // 23:00
    expect(inQuietHours(night, new Date('2026-01-15T23:30:00Z'))).toBe(true); // 00:30
    expect(inQuietHours(night, new Date('2026-01-16T04:59:00Z'))).toBe(true); // 05:59
    expect(inQuietHours(night, new Date('2026-01-16T05:00:00Z'))).toBe(false); // 06:00
  });

  it('keeps a window within one day', () => {
    expect(inQuietHours(day, new Date('2026-01-15T07:59:00Z'))).toBe(false); // 08:59
    expect(inQuietHours(day, new Date('2026-01-15T08:00:00Z'))).toBe(true); // 09:00
    expect(inQuietHours(day, new Date('2026-01-15T16:00:00Z'))).toBe(false); // 17:00
  });

  it('follows summer time: the same wall-clock hours, an hour earlier in UTC', () => {
    // 04:30Z is 05:30 in winter (inside) but 06:30 in summer (outside).
    expect(inQuietHours(night, new Date('2026-03-28T04:30:00Z'))).toBe(true); // CET, the day before
    expect(inQuietHours(night, new Date('2026-03-29T04:30:00Z'))).toBe(false); // CEST from 01:00Z
    // 21:30Z is 22:30 in winter (outside) but 23:30 in summer (inside).
    expect(inQuietHours(night, new Date('2026-07-01T21:30:00Z'))).toBe(true);
    expect(inQuietHours(night, new Date('2026-01-01T21:30:00Z'))).toBe(false);
    // The night summer time ends (25 hours long), 02:30 happens twice and is quiet both times.
    expect(localMinutes(new Date('2026-10-25T00:30:00Z'))).toBe(150);
    expect(localMinutes(new Date('2026-10-25T01:30:00Z'))).toBe(150);
    expect(inQuietHours(night, new Date('2026-10-25T00:30:00Z'))).toBe(true);
    expect(inQuietHours(night, new Date('2026-10-25T01:30:00Z'))).toBe(true);
  });

  it('is never quiet without a setting, with mode off, or with an empty window', () => {
    const at = new Date('2026-01-15T23:30:00Z');
    expect(inQuietHours(null, at)).toBe(false);
    expect(inQuietHours({ ...night, mode: 'off' }, at)).toBe(false);
    expect(inQuietHours({ start: '00:30', end: '00:30', mode: 'blank' }, at)).toBe(false);
  });
});

describe('resolveQuietHours', () => {
  it('takes the nearest setting up the chain, and off stops inheritance', () => {
    expect(resolveQuietHours([{ quietHours: null }, { quietHours: night }])).toEqual(night);
    expect(resolveQuietHours([{ quietHours: day }, { quietHours: night }])).toEqual(day);
    expect(resolveQuietHours([{ quietHours: { ...day, mode: 'off' } }, { quietHours: night }])).toBeNull();
    expect(resolveQuietHours([{}, {}])).toBeNull();
  });
});

describe('quietHoursSchema', () => {
  it('takes HH:MM times only', () => {
    expect(quietHoursSchema.safeParse(night).success).toBe(true);
    expect(quietHoursSchema.safeParse({ ...night, start: '24:00' }).success).toBe(false);
    expect(quietHoursSchema.safeParse({ ...night, end: '6:00' }).success).toBe(false);
    expect(quietHoursSchema.safeParse({ ...night, mode: 'sleep' }).success).toBe(false);
  });
});
