import { describe, expect, it } from 'vitest';
import type { Content } from '../../api/content.api';
import { bannerFormSchema, bodyOf, draftOf } from './banner-form';

// 10:15 in Oslo (CET, UTC+1) on 2 March 2026.
const now = new Date('2026-03-02T09:15:00Z');

const issues = (result: ReturnType<ReturnType<typeof bannerFormSchema>['safeParse']>) =>
  result.success
    ? []
    : result.error.issues.map((i) => ({
        path: i.path.join('.'),
        code: i.code === 'custom' ? i.params?.fieldCode : i.code,
      }));

describe('the banner form', () => {
  it('refuses dates and durations by the API rules, with the field and the field code', () => {
    const schema = bannerFormSchema(now, null);
    const draft = draftOf(null, 'banner-asset', now);
    expect(schema.safeParse(draft).success).toBe(true);
    expect(issues(schema.safeParse({ ...draft, start: '2026-03-01' }))).toEqual([
      { path: 'start', code: 'in_past' },
    ]);
    expect(issues(schema.safeParse({ ...draft, start: '' }))).toEqual([{ path: 'start', code: 'required' }]);
    expect(issues(schema.safeParse({ ...draft, start: '2026-03-05', end: '2026-03-04' }))).toEqual([
      { path: 'end', code: 'end_before_start' },
    ]);
    expect(issues(schema.safeParse({ ...draft, end: '2027-03-03' }))).toEqual([
      { path: 'end', code: 'too_late' },
    ]);
    for (const duration of ['0', '3601', '1.5', ' '])
      expect(schema.safeParse({ ...draft, duration }).success, duration).toBe(false);
    expect(schema.parse({ ...draft, duration: ' 45 ' }).duration).toBe(45);
  });

  it('lets a running banner keep its past start, and sends that start instant unchanged', () => {
    const running = {
      id: 7,
      type: 'banner-asset',
      start: '2026-02-01T10:00:00.000Z',
      end: null,
      duration: 20,
      approved: true,
      isTemplate: false,
      assetId: 3,
      templateId: null,
      templateText: null,
      schedule: null,
    } as unknown as Content;
    const draft = draftOf(running, 'banner-asset', now);
    expect(draft).toMatchObject({ start: '2026-02-01', duration: '20', assetId: 3 });
    const values = bannerFormSchema(now, running).parse(draft);
    // The same past start is refused on a new banner.
    expect(bannerFormSchema(now, null).safeParse(draft).success).toBe(false);
    const body = bodyOf(values, { mode: 'unpublish', asTemplate: false, content: running, now });
    expect(body).toMatchObject({ start: running.start, approved: false, assetId: 3, templateId: null });
  });
});
