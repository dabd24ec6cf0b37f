import { describe, expect, it } from 'vitest';
import { createNoteSchema, noteListQuerySchema, noteSchema, updateNoteSchema } from './note';

/**
 * Note validation (content spec §3 and §5) where it lives: the contract's body schemas. Limits and
 * messages are typed in from the spec and the API's documented answers, not read from the module.
 */
const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? [] : result.error!.issues.map((i) => [i.path.join('.'), i.message]));

describe('createNoteSchema', () => {
  it('needs text and a start (as `date` or the spec’s `start`), and fills in nothing else', () => {
    expect(createNoteSchema.parse({ text: 'Hei', date: '2026-03-03T12:00:00Z' })).toEqual({
      text: 'Hei',
      date: new Date('2026-03-03T12:00:00Z'),
    });
    expect(createNoteSchema.parse({ text: 'Hei', start: '2026-03-03T12:00:00+01:00' })).toEqual({
      text: 'Hei',
      date: new Date('2026-03-03T11:00:00Z'),
    });
    // `date` wins over the alias when both come.
    expect(
      createNoteSchema.parse({ text: 'Hei', date: '2026-03-03T12:00:00Z', start: '2026-03-04T12:00:00Z' })
        .date,
    ).toEqual(new Date('2026-03-03T12:00:00Z'));
    expect(issues(createNoteSchema.safeParse({ text: 'Hei' }))).toEqual([
      ['date', 'Start date must be a date'],
    ]);
  });

  it('refuses empty text and text over 10 000 characters', () => {
    const at = '2026-03-03T12:00:00Z';
    expect(issues(createNoteSchema.safeParse({ text: '', date: at }))).toEqual([
      ['text', 'Note text cannot be empty'],
    ]);
    expect(createNoteSchema.safeParse({ text: 'x'.repeat(10_000), date: at }).success).toBe(true);
    expect(issues(createNoteSchema.safeParse({ text: 'x'.repeat(10_001), date: at }))).toEqual([
      ['text', 'Note text cannot be more than 10000 characters long'],
    ]);
  });

  it('refuses an end before the start, on the end field, and accepts an end equal to it', () => {
    const result = createNoteSchema.safeParse({
      text: 'Hei',
      date: '2026-03-03T12:00:00Z',
      end: '2026-03-03T11:59:59Z',
    });
    expect(issues(result)).toEqual([['end', 'End cannot be before the start date']]);
    expect(result.error?.issues[0]).toMatchObject({ params: { fieldCode: 'end_before_start' } });
    expect(
      createNoteSchema.safeParse({ text: 'Hei', start: '2026-03-03T12:00:00Z', end: '2026-03-03T11:00:00Z' })
        .success,
    ).toBe(false);
    expect(
      createNoteSchema.parse({ text: 'Hei', date: '2026-03-03T12:00:00Z', end: '2026-03-03T12:00:00Z' }).end,
    ).toEqual(new Date('2026-03-03T12:00:00Z'));
    expect(createNoteSchema.parse({ text: 'Hei', date: '2026-03-03T12:00:00Z', end: null }).end).toBeNull();
  });

  it('refuses unknown icons, colours that are not #rrggbb, and unknown fields', () => {
    const at = '2026-03-03T12:00:00Z';
    expect(createNoteSchema.safeParse({ text: 'Hei', date: at, icon: 'parking' }).success).toBe(true);
    expect(issues(createNoteSchema.safeParse({ text: 'Hei', date: at, icon: 'rocket' }))[0][0]).toBe('icon');
    expect(createNoteSchema.safeParse({ text: 'Hei', date: at, iconColor: '#019939' }).success).toBe(true);
    expect(issues(createNoteSchema.safeParse({ text: 'Hei', date: at, iconColor: '#01993' }))).toEqual([
      ['iconColor', 'Colour must be a hex value like #e0d6d0'],
    ]);
    expect(createNoteSchema.safeParse({ text: 'Hei', date: at, colour: 'red' }).success).toBe(false);
    expect(issues(createNoteSchema.safeParse({ text: 'Hei', date: '3 March' }))).toEqual([
      ['date', 'Start date must be an ISO 8601 date and time'],
    ]);
  });
});

describe('wrong types', () => {
  it('names the field and what it must be', () => {
    const at = '2026-03-03T12:00:00Z';
    const result = createNoteSchema.safeParse({
      text: 5,
      date: at,
      ownerId: 'me',
      icon: 7,
      sticky: 'yes',
      approved: 1,
      end: 'tomorrow',
    });
    expect(Object.fromEntries(issues(result))).toEqual({
      text: 'Note text must be a string',
      ownerId: 'Owner id must be an integer',
      icon: 'Icon must be one of priority_high, comment, thumb_up, thumb_down, parking, warning, smiley, group, build, error, gavel, alarm, settings, information',
      sticky: 'Sticky must be a boolean',
      approved: 'Approved must be a boolean',
      end: 'End date must be an ISO 8601 date and time',
    });
    expect(issues(createNoteSchema.safeParse({ text: 'Hei', start: 'soon' }))).toEqual([
      ['start', 'Start date must be an ISO 8601 date and time'],
    ]);
  });
});

describe('updateNoteSchema', () => {
  it('takes any subset, maps `start` to `date`, and leaves the date out when neither comes', () => {
    expect(updateNoteSchema.parse({ approved: true })).toEqual({ approved: true });
    expect(updateNoteSchema.parse({ start: '2026-03-03T12:00:00Z' })).toEqual({
      date: new Date('2026-03-03T12:00:00Z'),
    });
    expect(
      updateNoteSchema.parse({ date: '2026-03-03T12:00:00Z', start: '2026-03-05T12:00:00Z' }).date,
    ).toEqual(new Date('2026-03-03T12:00:00Z'));
  });

  it('refuses an end before a start given in the same body, and an end alone', () => {
    expect(
      issues(updateNoteSchema.safeParse({ date: '2026-03-03T12:00:00Z', end: '2026-03-02T12:00:00Z' })),
    ).toEqual([['end', 'End cannot be before the start date']]);
    expect(
      updateNoteSchema.safeParse({ start: '2026-03-03T12:00:00Z', end: '2026-03-02T12:00:00Z' }).error
        ?.issues[0],
    ).toMatchObject({ path: ['end'], params: { fieldCode: 'end_before_start' } });
    // Without a start in the body the service compares with the stored one.
    expect(updateNoteSchema.safeParse({ end: '2026-03-02T12:00:00Z' }).success).toBe(true);
    expect(issues(updateNoteSchema.safeParse({ text: '' }))).toEqual([['text', 'Note text cannot be empty']]);
  });
});

describe('noteListQuerySchema', () => {
  it('lists approved notes of the entity itself unless asked otherwise', () => {
    expect(noteListQuerySchema.parse({})).toEqual({ includeParents: false, approved: true });
    expect(noteListQuerySchema.parse({ includeParents: '1', approved: 'all' })).toEqual({
      includeParents: true,
      approved: 'all',
    });
    expect(noteListQuerySchema.parse({ includeParents: 'false', approved: '0' })).toEqual({
      includeParents: false,
      approved: false,
    });
  });
});

describe('noteSchema (the answer)', () => {
  it('describes notes from the console and from SMS, and nothing else', () => {
    const note = {
      id: 1,
      entityId: 2,
      ownerId: null,
      text: '<p>Hei</p>',
      icon: 'comment',
      iconColor: '#019939',
      date: '2026-03-03T12:00:00.000Z',
      end: null,
      sticky: false,
      approved: true,
      source: 'console',
      schedule: null,
      state: 'active',
      showingNow: true,
      inherited: false,
      createdAt: '2026-03-03T12:00:00.000Z',
      updatedAt: '2026-03-03T12:00:00.000Z',
    };
    expect(noteSchema.parse(note)).toEqual(note);
    expect(noteSchema.safeParse({ ...note, source: 'sms' }).success).toBe(true);
    expect(noteSchema.safeParse({ ...note, source: 'email' }).success).toBe(false);
    expect(noteSchema.safeParse({ ...note, id: 1.5 }).success).toBe(false);
  });
});
