import { compareNotes } from '@oppslag/common/notes.ts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DisplayNote } from '../../api/types';
import { useNow } from '../../player/use-now';
import { useT } from '../../player/use-t';
import { NoteIcon } from './NoteIcon';
import { RichText } from './RichText';
import { arrangeNotes, reconcileOrder, rotateRegular } from './rotation';
import { isNoteVisible } from './visibility';

/** Note rotation and visibility tick (spec §9). */
export const NOTE_ROTATION_MS = 20_000;
export const NOTE_VISIBILITY_MS = 1000;
export const NOTE_SPACING_PX = 10;

/** Board order of common's compareNotes (sticky, newest start, higher id); the player's start is `date` there. */
const byBoardOrder = (a: DisplayNote, b: DisplayNote) =>
  compareNotes({ ...a, date: a.start }, { ...b, date: b.start });

const domOverflow = (el: HTMLElement) => el.scrollHeight > el.clientHeight + 1;

export function NoteBoard({
  notes,
  background,
  overflows = domOverflow,
}: {
  notes: DisplayNote[];
  background: string;
  /** Whether the notes overflow the board; injectable because jsdom has no layout. */
  overflows?: (el: HTMLElement) => boolean;
}) {
  const t = useT();
  const now = useNow(NOTE_VISIBILITY_MS);
  const visible = useMemo(() => notes.filter((n) => isNoteVisible(n, now)).sort(byBoardOrder), [notes, now]);
  const visibleKey = visible.map((n) => n.id).join(',');
  const [order, setOrder] = useState<number[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const overflowRef = useRef(overflows);
  overflowRef.current = overflows;

  // New notes join at the end, removed ones leave; the rotation position survives updates.
  // biome-ignore lint/correctness/useExhaustiveDependencies: visibleKey stands for `visible`
  useEffect(() => {
    setOrder((o) => reconcileOrder(o, visible));
  }, [visibleKey]);

  const stickyKey = visible
    .filter((n) => n.sticky)
    .map((n) => n.id)
    .join(',');
  useEffect(() => {
    const sticky = new Set(stickyKey ? stickyKey.split(',').map(Number) : []);
    const id = setInterval(() => {
      const el = listRef.current;
      // Rotate only when not everything fits; a board that fits stays still.
      if (el && overflowRef.current(el)) setOrder((o) => rotateRegular(o, sticky));
    }, NOTE_ROTATION_MS);
    return () => clearInterval(id);
  }, [stickyKey]);

  const arranged = arrangeNotes(visible, reconcileOrder(order, visible));
  const [overflowing, setOverflowing] = useState(false);
  // Measured after every render; setting the same value again does not render again.
  useLayoutEffect(() => {
    if (listRef.current) setOverflowing(overflowRef.current(listRef.current));
  });
  return (
    <div
      className="h-full w-full overflow-hidden rounded-[18px] p-[14px] shadow-inner"
      style={{ backgroundColor: background }}
      data-widget="notes"
    >
      <div
        ref={listRef}
        className="flex h-full flex-col overflow-hidden"
        // A note cut by the board's edge fades out instead of ending in a hard line.
        style={{
          gap: NOTE_SPACING_PX,
          maskImage: overflowing
            ? 'linear-gradient(to bottom, black calc(100% - 56px), transparent)'
            : undefined,
        }}
        data-overflowing={overflowing || undefined}
      >
        {arranged.length === 0 ? (
          <p className="m-auto text-[30px] font-medium text-black/45">{t('notes.empty')}</p>
        ) : (
          arranged.map((note) => (
            <article
              key={note.id}
              data-testid="note"
              data-note-id={note.id}
              data-sticky={note.sticky || undefined}
              className={`flex shrink-0 items-start gap-5 rounded-2xl bg-white px-6 py-5 shadow-md ${note.sticky ? 'ring-4 ring-[#019939]/70' : ''}`}
            >
              <NoteIcon icon={note.icon} color={note.iconColor} size={68} />
              <RichText
                html={note.text}
                className="min-w-0 flex-1 text-[30px] leading-snug text-neutral-900"
              />
            </article>
          ))
        )}
      </div>
    </div>
  );
}
