import type { ContentSlot } from './feature-sets';
import { slotSwitchedOn } from './feature-sets';
import { inQuietHours, type QuietHours, resolveQuietHours } from './quiet-hours';
import { isShowing, type Timed } from './schedule';

/** What of a screen's chain (screen first) decides whether it should be showing something now. */
export interface ScreenChainEntity {
  quietHours?: QuietHours | null;
  features: readonly string[];
}

/**
 * THE rule of proof of delivery (issue 31 item 4): whether a screen should be showing a note or a
 * banner slide at `at`. An approved item inside its period and inside its schedule's window, on a
 * screen outside its quiet hours, in a slot the screen's chain switched on (notes are always on).
 * A screen that should and has not shown it is "missing"; outside a window or in quiet hours it
 * is not, so a weekday-only note seen at night raises no alarm.
 */
export function dueOnScreen(
  item: Timed & { approved: boolean },
  slot: ContentSlot | 'note',
  chain: readonly ScreenChainEntity[],
  at: Date,
): boolean {
  if (!item.approved || !isShowing(item, at)) return false;
  if (slot !== 'note' && !slotSwitchedOn(chain, slot)) return false;
  return !inQuietHours(resolveQuietHours(chain), at);
}
