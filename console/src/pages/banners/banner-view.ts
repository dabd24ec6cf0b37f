import { isOneOf } from '@oppslag/common/one-of.ts';
import type { Content } from '../../api/content.api';

/** The editor's two views; the choice lives in the `banner-editor-view` cookie (content spec §2). */
export const BANNER_VIEWS = ['swimlanes', 'list'] as const;
export type BannerView = (typeof BANNER_VIEWS)[number];
export const VIEW_COOKIE = 'banner-editor-view';

export function readView(cookie: string): BannerView {
  const match = cookie.split(/;\s*/).find((part) => part.startsWith(`${VIEW_COOKIE}=`));
  const value = match?.slice(VIEW_COOKIE.length + 1);
  return isOneOf(BANNER_VIEWS, value) ? value : 'swimlanes';
}

export const viewCookie = (view: BannerView) =>
  `${VIEW_COOKIE}=${view}; path=/; max-age=31536000; samesite=lax`;

/** Inherited banners are read-only, locked ones cannot be edited, the rest are the editor's. */
export function bannerAccess(content: Pick<Content, 'inherited' | 'master' | 'locked'>) {
  if (content.inherited || content.master) return 'inherited' as const;
  if (content.locked) return 'locked' as const;
  return 'editable' as const;
}

/** Timeline geometry (content spec §2): 30 px per day, rows 30 px high. */
export const DAY_PX = 30;
export const ROW_PX = 30;
const DAY_MS = 86_400_000;

/** The days the timeline spans: from today (or the earliest start) to the last end plus a week. */
export function timelineRange(items: readonly Pick<Content, 'start' | 'end'>[], now: Date) {
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  let from = today.getTime();
  let to = from + 30 * DAY_MS;
  for (const item of items) {
    from = Math.min(from, new Date(item.start).getTime());
    to = Math.max(
      to,
      (item.end ? new Date(item.end).getTime() : new Date(item.start).getTime()) + 7 * DAY_MS,
    );
  }
  const start = new Date(from);
  start.setHours(0, 0, 0, 0);
  return { from: start.getTime(), days: Math.ceil((to - start.getTime()) / DAY_MS) };
}

/** Left offset and width in pixels of a slot; an open end runs to the edge of the range. */
export function slotBox(item: Pick<Content, 'start' | 'end'>, range: { from: number; days: number }) {
  const start = new Date(item.start).getTime();
  const end = item.end ? new Date(item.end).getTime() : range.from + range.days * DAY_MS;
  const left = ((start - range.from) / DAY_MS) * DAY_PX;
  return { left, width: Math.max(DAY_PX / 3, ((end - start) / DAY_MS) * DAY_PX) };
}
