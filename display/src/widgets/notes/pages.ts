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
  /** A pinned note repeated on every page: not what tells the pages apart. */
  pinned?: true;
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
  /** Pinned: kept in place on every page (spec: "sticky notes stay in place"). */
  sticky?: boolean;
}

/**
 * Pinned notes are held on every page only while they leave the board at least this share for
 * the others; a board of nothing but pinned notes would otherwise cut every regular note into
 * slivers. Past it the pinned notes lead the cycle like the others, so each is still seen.
 */
export const PINNED_MAX_SHARE = 0.6;

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
 * The board's pages: pinned (sticky) notes on top of every page and the others paged in the room
 * below them (issue 31 item 15), unless the pinned notes alone would take more than
 * PINNED_MAX_SHARE of the board or leave no note a page to the others.
 */
export function paginate(
  notes: MeasuredNote[],
  boardHeight: number,
  gap: number,
  maxPerPage = Number.POSITIVE_INFINITY,
): NotePage[] {
  const pinned = notes.filter((n) => n.sticky);
  const rest = notes.filter((n) => !n.sticky);
  const pinnedHeight = pinned.reduce((sum, n, i) => sum + n.height + (i ? gap : 0), 0);
  const holds =
    pinned.length > 0 &&
    rest.length > 0 &&
    boardHeight > 0 &&
    pinnedHeight <= boardHeight * PINNED_MAX_SHARE &&
    pinned.length < maxPerPage;
  if (!holds) return pack(notes, boardHeight, gap, maxPerPage);
  const pinnedWords = pinned.reduce((sum, n) => sum + n.words, 0);
  return pack(rest, boardHeight - pinnedHeight - gap, gap, maxPerPage - pinned.length).map((page, i) => ({
    items: [...pinned.map((n) => ({ id: n.id, pinned: true as const })), ...page.items],
    // The pinned notes are read once, on the first page; after that they are only glanced at.
    ms: i === 0 ? readingMs(pageWords(page, rest) + pinnedWords) : page.ms,
  }));
}

/** Words of the notes on a page (windows of a tall note count their share). */
function pageWords(page: NotePage, notes: MeasuredNote[]): number {
  const words = new Map(notes.map((n) => [n.id, n.words]));
  return page.items.reduce((sum, i) => sum + (words.get(i.id) ?? 0) / (i.slice?.count ?? 1), 0);
}

/**
 * Packs notes (in board order) into pages of `boardHeight`, notes `gap` px apart, at most
 * `maxPerPage` notes a page (large print shows fewer). Without a measured board (0 height, e.g.
 * before the first layout) everything is one page.
 */
function pack(
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

/** The index of the page showing `id` (window `slice` of a tall note), or -1; pinned notes are on none. */
export const pageOf = (pages: NotePage[], id: number, slice = 0) =>
  pages.findIndex((p) => p.items.some((i) => !i.pinned && i.id === id && (i.slice?.index ?? 0) === slice));
