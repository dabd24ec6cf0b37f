import { describe, expect, it } from 'vitest';
import { assignLanes } from './lanes';

const span = (start: string, end: string | null) => ({ start, end });

describe('assignLanes', () => {
  it('keeps non-overlapping slots in one lane', () => {
    const r = assignLanes([span('2026-01-01', '2026-01-05'), span('2026-01-05', '2026-01-09')]);
    expect(r).toEqual({ lanes: [0, 0], count: 1 });
  });

  it('puts overlapping slots into separate lanes and reuses freed lanes', () => {
    const r = assignLanes([
      span('2026-01-01', '2026-01-10'),
      span('2026-01-03', '2026-01-06'),
      span('2026-01-07', '2026-01-12'),
      span('2026-01-04', '2026-01-08'),
    ]);
    expect(r.count).toBe(3);
    expect(r.lanes[0]).toBe(0);
    expect(r.lanes[1]).toBe(1);
    expect(r.lanes[3]).toBe(2);
    // Starts after the second slot ended, so its lane is free again.
    expect(r.lanes[2]).toBe(1);
  });

  it('treats an open end as lasting forever', () => {
    const r = assignLanes([span('2026-01-01', null), span('2027-06-01', '2027-06-02')]);
    expect(r).toEqual({ lanes: [0, 1], count: 2 });
  });

  it('answers in input order whatever the start order', () => {
    const r = assignLanes([span('2026-02-01', '2026-02-03'), span('2026-01-01', '2026-02-02')]);
    expect(r.lanes).toEqual([1, 0]);
  });

  it('has no lanes for no slots', () => {
    expect(assignLanes([])).toEqual({ lanes: [], count: 0 });
  });
});
