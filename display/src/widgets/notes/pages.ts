/**
 * The note board's pages (issue 12 item 1). The board shows every current note within one cycle:
 * the notes in board order (sticky first, then newest first) are packed into pages that fit the
 * board's measured height, and the pages take turns. A note taller than the whole board gets pages
 * of its own, each a window onto it that overlaps the previous one by a line or so, so a long note
 * is read whole at full size instead of being faded out at the board's edge.
 *
 * How long a page stays comes from how much there is to read on it, not a fixed 20 s.
 */

/** One note on a page; `slice` when the page shows only a window of a note taller than the board. */
export interface PageItem {
  id: number;
  slice?: { index: number; count: number; offset: number; height: number };
}

export interface NotePage {
  items: PageItem[];
  /** How long the page stays on screen. */
  ms: number;
}

export interface MeasuredNote {
  id: number;
  /** Rendered height in px at the board's width. */
  height: number;
  /** Words to read, for the page's time on screen. */
  words: number;
}

/**
 * Reading pace for a stairwell: ~150 words a minute (slower than a desk, for people passing by and
 * for elderly residents), plus time to find the page, within bounds so a short page does not flick
 * away and a long one does not hold the board for minutes.
 */
export const READ_MS_PER_WORD = 400;
export const PAGE_BASE_MS = 3000;
export const PAGE_MIN_MS = 8000;
export const PAGE_MAX_MS = 45_000;
/** A window onto a tall note overlaps the previous one by this much, so no line is lost at the cut. */
export const SLICE_OVERLAP_PX = 64;

export const readingMs = (words: number) =>
  Math.min(PAGE_MAX_MS, Math.max(PAGE_MIN_MS, PAGE_BASE_MS + Math.ceil(words) * READ_MS_PER_WORD));

/** Words in a note's (HTML) text. */
export function wordCount(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .trim();
  return text ? text.split(/\s+/).length : 0;
}

/**
 * Packs notes (in board order) into pages of `boardHeight`, notes `gap` px apart, at most
 * `maxPerPage` notes a page (large print shows fewer). Without a measured board (0 height, e.g.
 * before the first layout) everything is one page.
 */
export function paginate(
  notes: MeasuredNote[],
  boardHeight: number,
  gap: number,
  maxPerPage = Number.POSITIVE_INFINITY,
): NotePage[] {
  if (notes.length === 0) return [];
  if (boardHeight <= 0) {
    return [
      { items: notes.map((n) => ({ id: n.id })), ms: readingMs(notes.reduce((s, n) => s + n.words, 0)) },
    ];
  }
  const pages: NotePage[] = [];
  let items: PageItem[] = [];
  let used = 0;
  let words = 0;
  const flush = () => {
    if (items.length) pages.push({ items, ms: readingMs(words) });
    items = [];
    used = 0;
    words = 0;
  };
  for (const note of notes) {
    if (note.height > boardHeight) {
      flush();
      const step = Math.max(1, boardHeight - SLICE_OVERLAP_PX);
      const count = Math.ceil((note.height - boardHeight) / step) + 1;
      for (let index = 0; index < count; index++) {
        const offset = Math.min(index * step, note.height - boardHeight);
        pages.push({
          items: [{ id: note.id, slice: { index, count, offset, height: boardHeight } }],
          ms: readingMs(note.words / count),
        });
      }
      continue;
    }
    const needed = items.length ? used + gap + note.height : note.height;
    if (items.length && (needed > boardHeight || items.length >= maxPerPage)) flush();
    used = items.length ? used + gap + note.height : note.height;
    items.push({ id: note.id });
    words += note.words;
  }
  flush();
  return pages;
}

/** The index of the page showing `id` (window `slice` of a tall note), or -1. */
export const pageOf = (pages: NotePage[], id: number, slice = 0) =>
  pages.findIndex((p) => p.items.some((i) => i.id === id && (i.slice?.index ?? 0) === slice));
