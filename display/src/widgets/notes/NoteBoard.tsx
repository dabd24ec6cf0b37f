import { compareNotes } from '@oppslag/common/notes.ts';
import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { DisplayNote } from '../../api/types';
import { BODY_PX, readable } from '../../player/readable';
import { clockOffset, serverNow, subscribeClock } from '../../player/server-clock';
import { languageAtom } from '../../player/state';
import { useT } from '../../player/use-t';
import { NoteIcon } from './NoteIcon';
import { type NotePage, type PageItem, pageOf, paginate, wordCount } from './pages';
import { RichText } from './RichText';
import { isNoteVisible, nextVisibilityChange } from './visibility';

export const NOTE_SPACING_PX = 10;
/** Body text of a note: drawn at 36 px on a 1080p screen, readable from three metres; large print 46 px. */
export const NOTE_FONT_PX = BODY_PX;
export const NOTE_FONT_LARGE_PX = readable(46);
/** Notes on one page at most: large print shows fewer, so each stays longer and reads bigger. */
export const NOTES_PER_PAGE = 8;
export const NOTES_PER_PAGE_LARGE = 3;

/** Board order of common's compareNotes (sticky, newest start, higher id); the player's start is `date` there. */
const byBoardOrder = (a: DisplayNote, b: DisplayNote) =>
  compareNotes({ ...a, date: a.start }, { ...b, date: b.start });

/** The board's inner height and each note's rendered height at the board's width. */
export interface BoardMeasure {
  height: number;
  heights: Map<number, number>;
}

/** Reads the layout; injectable because jsdom has none. */
const domMeasure = (board: HTMLElement, notes: Map<number, HTMLElement>): BoardMeasure => ({
  height: board.clientHeight,
  heights: new Map([...notes].map(([id, el]) => [id, el.offsetHeight])),
});

/**
 * The notes shown now, by the server's clock. Instead of a 1 s tick, a timer is set for the next
 * start or end, so a note is drawn the moment its event arrives (its start is "now") and leaves
 * exactly at its end (issue 12 item 5).
 */
function useVisibleNotes(notes: DisplayNote[]): DisplayNote[] {
  const [tick, setTick] = useState(0);
  // A new clock offset can show or hide notes: re-render when it moves.
  useSyncExternalStore(subscribeClock, clockOffset);
  const now = serverNow();
  const next = nextVisibilityChange(notes, now);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` re-arms the timer after it fired early
  useEffect(() => {
    if (next === null) return;
    const id = setTimeout(
      () => setTick((t) => t + 1),
      Math.min(Math.max(0, next - serverNow()), 2 ** 31 - 1),
    );
    return () => clearTimeout(id);
  }, [next, tick]);
  return notes.filter((n) => isNoteVisible(n, now)).sort(byBoardOrder);
}

export function NoteBoard({
  notes,
  background,
  largePrint = false,
  measure = domMeasure,
}: {
  notes: DisplayNote[];
  background: string;
  largePrint?: boolean;
  /** Board and note heights; injectable because jsdom has no layout. */
  measure?: (board: HTMLElement, notes: Map<number, HTMLElement>) => BoardMeasure;
}) {
  const t = useT();
  const visible = useVisibleNotes(notes);
  const listRef = useRef<HTMLDivElement>(null);
  const measureRefs = useRef(new Map<number, HTMLElement>());
  const [measured, setMeasured] = useState<BoardMeasure>({ height: 0, heights: new Map() });
  const [, setResized] = useState(0);

  // Measured after every render (new notes, fonts, size); the same figures do not render again.
  useLayoutEffect(() => {
    if (!listRef.current) return;
    const next = measure(listRef.current, measureRefs.current);
    const same =
      next.height === measured.height &&
      next.heights.size === measured.heights.size &&
      [...next.heights].every(([id, h]) => measured.heights.get(id) === h);
    if (!same) setMeasured(next);
  });
  // A resize or late web font changes the heights: render (and so measure) again.
  useEffect(() => {
    const el = listRef.current;
    const again = () => setResized((n) => n + 1);
    void document.fonts?.ready.then(again);
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(again);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const pages = useMemo(
    () =>
      paginate(
        visible
          .filter((n) => measured.height === 0 || measured.heights.has(n.id))
          .map((n) => ({
            id: n.id,
            height: measured.heights.get(n.id) ?? 0,
            words: wordCount(n.text),
            sticky: n.sticky,
          })),
        measured.height,
        NOTE_SPACING_PX,
        largePrint ? NOTES_PER_PAGE_LARGE : NOTES_PER_PAGE,
      ),
    [visible, measured, largePrint],
  );
  const current = usePageTurns(
    pages,
    visible.map((n) => n.id),
  );
  const page = pages[current];
  const byId = new Map(visible.map((n) => [n.id, n]));
  const font = largePrint ? NOTE_FONT_LARGE_PX : NOTE_FONT_PX;

  return (
    <div
      className="h-full w-full overflow-hidden rounded-[18px] p-[14px] shadow-inner"
      style={{ backgroundColor: background }}
      data-widget="notes"
    >
      <div
        ref={listRef}
        className="relative flex h-full flex-col overflow-hidden"
        style={{ gap: NOTE_SPACING_PX }}
        data-page={pages.length ? current : undefined}
        data-pages={pages.length}
        data-page-ms={page?.ms}
        data-large-print={largePrint || undefined}
      >
        {visible.length === 0 ? (
          <p className="m-auto font-medium text-black/70" style={{ fontSize: BODY_PX }}>
            {t('notes.empty')}
          </p>
        ) : (
          page?.items.map((item) => {
            const note = byId.get(item.id);
            return note ? (
              <PageNote key={`${item.id}/${item.slice?.index ?? 0}`} note={note} item={item} font={font} />
            ) : null;
          })
        )}
        {/* Every note laid out once, unseen, at the board's width: the heights the pages are cut from. */}
        <div aria-hidden className="pointer-events-none invisible absolute inset-x-0 top-0 flex flex-col">
          {visible.map((note) => (
            <NoteCard
              key={note.id}
              note={note}
              font={font}
              boardId={note.id}
              ref={(el) => {
                if (el) measureRefs.current.set(note.id, el);
                else measureRefs.current.delete(note.id);
              }}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * Which page is on screen. Pages take turns, each for its own time; when the pages are cut anew
 * (a note came or went, the board was resized) the page showing the same first note stays, and a
 * note that just appeared is shown at once, on whatever page it landed.
 */
function usePageTurns(pages: NotePage[], ids: number[]): number {
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  const seen = useRef<Set<number> | null>(null);
  const idsKey = ids.join(',');
  // The newest arrival wins the screen (ids come in board order: the first fresh one is the newest).
  // Before paint, so the new note is on the first frame that has it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: idsKey stands for `ids`
  useLayoutEffect(() => {
    const fresh = seen.current ? ids.filter((id) => !seen.current?.has(id)) : [];
    seen.current = new Set(ids);
    if (fresh.length) setAnchor({ id: fresh[0], slice: 0 });
  }, [idsKey]);
  const found = anchor === null ? -1 : pageOf(pages, anchor.id, anchor.slice);
  const index = Math.max(found, 0);
  const ms = pages[index]?.ms;
  const count = pages.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pages` is read for the next anchor only; the timer restarts when the page changes, not when an unrelated note is edited
  useEffect(() => {
    if (count < 2 || ms === undefined) return;
    const id = setTimeout(() => setAnchor(firstOf(pages[(index + 1) % count])), ms);
    return () => clearTimeout(id);
  }, [index, count, ms]);
  return index;
}

/** A page by its first unpinned note (and window of it): survives the pages being cut anew. */
type Anchor = { id: number; slice: number };
const firstOf = (page: NotePage | undefined): Anchor | null => {
  const item = page?.items.find((i) => !i.pinned) ?? page?.items[0];
  return item ? { id: item.id, slice: item.slice?.index ?? 0 } : null;
};

/** A note on the page; a window of it when it is taller than the board. */
function PageNote({ note, item, font }: { note: DisplayNote; item: PageItem; font: number }) {
  if (!item.slice) return <NoteCard note={note} font={font} testId="note" />;
  const { index, count, offset, height } = item.slice;
  return (
    <div
      className="relative shrink-0 overflow-hidden rounded-2xl"
      style={{ height }}
      data-testid="note-window"
      data-note-id={note.id}
      data-slice={`${index + 1}/${count}`}
      data-offset={offset}
    >
      <div style={{ transform: `translateY(${-offset}px)` }}>
        <NoteCard note={note} font={font} testId="note" />
      </div>
    </div>
  );
}

function NoteCard({
  note,
  font,
  testId,
  boardId,
  ref,
}: {
  note: DisplayNote;
  font: number;
  testId?: string;
  /** On the unseen layout copy: every note current on the board, whatever page is showing. */
  boardId?: number;
  ref?: (el: HTMLElement | null) => void;
}) {
  const language = useAtomValue(languageAtom);
  return (
    <article
      ref={ref}
      data-board-note={boardId}
      data-testid={testId}
      data-note-id={testId ? note.id : undefined}
      data-sticky={(testId && note.sticky) || undefined}
      className={`flex shrink-0 items-start gap-5 rounded-2xl bg-white px-6 py-5 shadow-md ${note.sticky ? 'ring-4 ring-[#019939]/70 ring-inset' : ''}`}
    >
      <NoteIcon icon={note.icon} color={note.iconColor} size={Math.round(font * 1.9)} />
      <RichText
        html={note.text}
        className="min-w-0 flex-1 leading-snug text-neutral-900 [overflow-wrap:anywhere]"
        style={{ fontSize: font }}
        language={language}
      />
    </article>
  );
}
