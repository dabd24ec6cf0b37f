import type { DisplayContent, Manifest } from '../api/types';
import { isSlideActive } from '../widgets/banners/slides';
import { isNoteVisible } from '../widgets/notes/visibility';

export interface OnScreen {
  notes: number[];
  slides: number[];
}

/**
 * What the screen shows now, for proof of delivery: the notes on the board (between start and
 * end; a board with more notes than fit pages through all of them) and the active banner slides,
 * each only when its module is on. Fallback slides have no content id and are not reported.
 */
export function onScreen(manifest: Manifest | null, content: DisplayContent, now: number): OnScreen {
  const on = (name: string) => manifest?.modules.some((m) => m.name === name) ?? false;
  const notes = on('notes') ? content.notes.filter((n) => isNoteVisible(n, now)).map((n) => n.id) : [];
  const slides = on('banners')
    ? content.banners
        .filter((s) => isSlideActive(s, now))
        .map((s) => Number(s.id))
        .filter((id) => Number.isSafeInteger(id) && id > 0)
    : [];
  return { notes: [...notes].sort((a, b) => a - b), slides: slides.sort((a, b) => a - b) };
}

/** A stable key of what is on screen, so the same screen is confirmed once, not on every render. */
export const onScreenKey = (s: OnScreen, contentVersion: string | null) =>
  `${contentVersion ?? ''}|${s.notes.join(',')}|${s.slides.join(',')}`;
