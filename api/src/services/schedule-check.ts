import { SCHEDULE_UNTIL_PASSED_MESSAGE, type Schedule, scheduleUntilPassed } from '@oppslag/common';
import { invalidField } from '../errors';

/**
 * A note's or banner's schedule whose "until" date is set to a day already past is refused
 * (common's scheduleUntilPassed): it would be saved and never show. Only a new or changed `until`
 * is judged, so an item whose schedule ran out stays editable.
 */
export function checkScheduleUntil(
  schedule: Schedule | null | undefined,
  stored: Pick<Schedule, 'until'> | null,
  now: Date,
): void {
  if (!schedule?.until || schedule.until === stored?.until) return;
  if (scheduleUntilPassed(schedule, now))
    throw invalidField({ path: 'schedule.until', code: 'in_past' }, SCHEDULE_UNTIL_PASSED_MESSAGE);
}
