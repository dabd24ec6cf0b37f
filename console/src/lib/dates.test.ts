import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelative } from './dates';

const now = new Date('2026-06-15T12:00:00Z');

describe('formatRelative', () => {
  it('speaks relative time within the day threshold', () => {
    expect(formatRelative(new Date('2026-06-18T12:00:00Z'), 'en', now)).toBe('in 3 days');
    expect(formatRelative(new Date('2026-06-12T12:00:00Z'), 'no', now)).toBe('3 dager siden');
    expect(formatRelative(new Date('2026-07-15T12:00:00Z'), 'en', now)).toBe('in 30 days');
  });

  it('counts days by the Oslo calendar near midnight (issue 31 item 10)', () => {
    // 00:30 today seen at 23:20 (Oslo, summer time) is 23 hours ago, not "a day ago".
    const lateEvening = new Date('2026-06-15T21:20:00Z');
    expect(formatRelative(new Date('2026-06-14T22:30:00Z'), 'no', lateEvening)).toBe('23 timer siden');
    expect(formatRelative(new Date('2026-06-14T22:30:00Z'), 'en', lateEvening)).toBe('23 hours ago');
    // Yesterday 10:00 seen at 09:00 is a day ago; two evenings back seen just after midnight is 2 days.
    expect(formatRelative(new Date('2026-06-14T08:00:00Z'), 'no', new Date('2026-06-15T07:00:00Z'))).toBe(
      'en dag siden',
    );
    expect(formatRelative(new Date('2026-06-13T20:50:00Z'), 'en', new Date('2026-06-14T22:10:00Z'))).toBe(
      '2 days ago',
    );
    // Within a few hours across midnight the hours still speak.
    expect(formatRelative(new Date('2026-06-14T21:00:00Z'), 'en', new Date('2026-06-14T23:00:00Z'))).toBe(
      '2 hours ago',
    );
  });

  it('writes the full date in Oslo time past the threshold', () => {
    expect(formatRelative(new Date('2026-08-01T23:30:00Z'), 'en', now)).toBe('2. August 2026');
    expect(formatRelative(new Date('2026-08-01T10:00:00Z'), 'no', now)).toBe('1. august 2026');
  });

  it('honours a custom threshold (the note board uses 30 days)', () => {
    expect(formatRelative(new Date('2026-07-15T13:00:00Z'), 'en', now, 30)).toBe('15. July 2026');
  });
});

describe('formatDateTime', () => {
  it('converts to Europe/Oslo including summer time', () => {
    expect(formatDateTime('2026-06-15T12:00:00Z', 'en')).toBe('15.06.2026 14:00');
    expect(formatDateTime('2026-01-15T12:00:00Z', 'no')).toBe('15.01.2026 13:00');
  });
});
