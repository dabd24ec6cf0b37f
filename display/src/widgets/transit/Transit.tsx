import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { StopDepartures } from '../../api/types';
import { hyphenateText, LANG_ATTRIBUTE } from '../../lib/hyphenate';
import { BODY_PX } from '../../player/readable';
import { languageAtom } from '../../player/state';
import { useNow } from '../../player/use-now';
import { useT } from '../../player/use-t';
import { departureText, upcomingDepartures } from './departure-text';
import { LineBadge } from './LineBadge';
import { nextIndex, slideRole } from './slideshow';

/** How long each stop stays on screen; the spec names the rotation but not its pace. */
export const TRANSIT_SLIDE_MS = 10_000;

const ROLE_CLASS = {
  current: 'translate-x-0 opacity-100',
  next: 'translate-x-full opacity-0',
  previous: '-translate-x-full opacity-0',
  hidden: 'translate-x-full opacity-0',
} as const;

/** Departures per stop, one stop at a time; hidden when there is nothing to show. */
export function Transit({
  stops,
  rows = 5,
  updated,
}: {
  stops: StopDepartures[];
  rows?: number;
  /** The "updated HH:mm" line when the departures are stale, under each stop's name. */
  updated?: ReactNode;
}) {
  const t = useT();
  const language = useAtomValue(languageAtom);
  const now = useNow(5000);
  const withData = stops.filter((s) => upcomingDepartures(s.departures, now, 1).length > 0);
  const [current, setCurrent] = useState(0);
  const count = withData.length;

  // The slideshow only runs once data has arrived and there is more than one stop.
  useEffect(() => {
    if (count < 2) return;
    const id = setInterval(() => setCurrent((c) => nextIndex(c, count)), TRANSIT_SLIDE_MS);
    return () => clearInterval(id);
  }, [count]);

  // Destinations break between words only (issue 12 item 7: "Majorst|uen"). A word too wide for
  // its row stacks the row (line and time above, the destination on the whole width below), and
  // the name is shown whole at full size, wrapping between words, never cut short with an ellipsis
  // (issue 31 item 18: "Carl Berners …"). Then only whole rows: a row the panel cannot hold entirely
  // is hidden, never cut in half (issue 12 item 6). The name carries soft hyphens (issue 31 item
  // 17) that count only in a stacked row (`hyphens: none` before), so a name that fits beside the
  // line number is never hyphenated. Measured after every render and on resize; no
  // state, so no second render.
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const fit = () => {
      for (const dest of root.current?.querySelectorAll<HTMLElement>('[data-destination]') ?? []) {
        const li = dest.parentElement as HTMLElement;
        li.dataset.stacked = '';
        const overflows = () => dest.scrollWidth > dest.clientWidth + 1;
        if (dest.clientWidth === 0 || !overflows()) continue;
        li.dataset.stacked = 'true';
      }
      for (const list of root.current?.querySelectorAll<HTMLElement>('[data-departures]') ?? []) {
        const limit = list.clientHeight;
        for (const li of list.children as HTMLCollectionOf<HTMLElement>) {
          const whole = limit === 0 || li.offsetTop - list.offsetTop + li.offsetHeight <= limit + 1;
          li.style.visibility = whole ? '' : 'hidden';
          li.dataset.cut = whole ? '' : 'true';
        }
      }
    };
    fit();
    if (!root.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(root.current);
    return () => observer.disconnect();
  });
  if (!count) return null;
  const active = current % count;
  return (
    <div ref={root} className="relative h-full w-full overflow-hidden" data-widget="transit">
      {withData.map((stop, i) => {
        const role = slideRole(i, active, count);
        return (
          <section
            key={stop.stopId || stop.label}
            data-role={role}
            aria-hidden={role !== 'current'}
            className={`absolute inset-0 flex flex-col transition-all duration-700 ease-out ${ROLE_CLASS[role]}`}
          >
            <header className="mb-3 flex items-baseline justify-between gap-4">
              <h2 className="min-w-0 font-bold leading-tight" style={{ fontSize: BODY_PX }}>
                {stop.label}
              </h2>
              {count > 1 ? (
                <span className="flex gap-2" aria-hidden>
                  {withData.map((s, j) => (
                    <span
                      key={s.stopId || s.label}
                      className={`h-3 w-3 rounded-full ${j === active ? 'bg-[#019939]' : 'bg-black/20'}`}
                    />
                  ))}
                </span>
              ) : null}
            </header>
            {updated}
            <ul className="flex min-h-0 flex-1 flex-col gap-2 overflow-hidden" data-departures>
              {upcomingDepartures(stop.departures, now, rows).map((d) => (
                <li
                  key={`${d.lineCode}-${d.departureTime}-${d.frontText}`}
                  className="group flex shrink-0 items-center gap-x-4 rounded-xl bg-white px-4 py-2 shadow-sm data-[stacked=true]:flex-wrap"
                  data-testid="departure"
                >
                  <LineBadge lineCode={d.lineCode} transportMode={d.transportMode} />
                  {/* A long destination wraps between words, never inside one (see fit above). */}
                  <span
                    className="min-w-0 flex-1 font-medium leading-tight group-data-[stacked=true]:order-last group-data-[stacked=true]:basis-full [hyphens:none] group-data-[stacked=true]:[hyphens:manual] group-data-[stacked=true]:[overflow-wrap:anywhere]"
                    lang={LANG_ATTRIBUTE[language]}
                    style={{ fontSize: BODY_PX }}
                    data-destination
                  >
                    {hyphenateText(d.frontText, language)}
                  </span>
                  <span className="ml-auto shrink-0 font-bold tabular-nums" style={{ fontSize: BODY_PX }}>
                    {departureText(d.departureTime, now, t('transit.now'))}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
