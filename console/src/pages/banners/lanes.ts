/** Anything with a time span; `end` null means open-ended. */
export interface Span {
  start: string | number | Date;
  end: string | number | Date | null;
}

const ms = (v: string | number | Date) => new Date(v).getTime();

/**
 * Assigns each span a swimlane so that no two overlapping spans share one (content spec §2).
 * Greedy by start time into the first lane that is free again, which uses the fewest lanes
 * for intervals. Returns the lane of each input in input order, and the lane count.
 */
export function assignLanes<T extends Span>(items: readonly T[]): { lanes: number[]; count: number } {
  const order = items
    .map((item, index) => ({
      index,
      start: ms(item.start),
      end: item.end === null ? Infinity : ms(item.end),
    }))
    .sort((a, b) => a.start - b.start || a.end - b.end || a.index - b.index);
  const laneEnds: number[] = [];
  const lanes = new Array<number>(items.length);
  for (const { index, start, end } of order) {
    // A span may begin exactly where another ends (end is exclusive).
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane < 0) {
      lane = laneEnds.length;
      laneEnds.push(end);
    } else laneEnds[lane] = end;
    lanes[index] = lane;
  }
  return { lanes, count: laneEnds.length };
}
