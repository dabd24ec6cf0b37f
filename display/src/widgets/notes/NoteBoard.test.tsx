import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClock, setOffset } from '../../player/server-clock';
import { NOW, note } from '../../test-utils';
import { NoteBoard } from './NoteBoard';

const ids = () => screen.queryAllByTestId('note').map((el) => Number(el.dataset.noteId));

describe('NoteBoard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    resetClock();
    vi.useRealTimers();
  });

  it('shows sticky notes first, then regular notes newest first, 10 px apart', () => {
    const notes = [note(1), note(2, { sticky: true }), note(3), note(4, { start: NOW - 10 })];
    render(<NoteBoard notes={notes} background="#d0e5be" />);
    expect(ids()).toEqual([2, 4, 1, 3]);
    const list = screen.getAllByTestId('note')[0].parentElement!;
    expect(list.style.gap).toBe('10px');
    expect(list.parentElement!.style.backgroundColor).toBe('rgb(208, 229, 190)');
  });

  it('breaks a tie of equal start by the higher id, sticky notes first whatever their start', () => {
    const notes = [
      note(5, { start: NOW - 1000 }),
      note(7, { start: NOW - 1000 }),
      note(6, { start: NOW - 1000 }),
      note(1, { start: NOW - 9000, sticky: true }),
    ];
    render(<NoteBoard notes={notes} background="#eee" />);
    expect(ids()).toEqual([1, 7, 6, 5]);
  });

  it('shows a note at its start and hides it at its end, without waiting for a tick', () => {
    // Starts count a second early (START_TOLERANCE_MS, the precision of the learned server time).
    const notes = [note(1), note(2, { start: NOW + 2500 }), note(3, { start: NOW - 5000, end: NOW + 2500 })];
    render(<NoteBoard notes={notes} background="#eee" />);
    expect(ids()).toEqual([3, 1]);
    act(() => vi.advanceTimersByTime(1499));
    expect(ids()).toEqual([3, 1]);
    act(() => vi.advanceTimersByTime(1));
    expect(ids()).toEqual([2, 3, 1]);
    act(() => vi.advanceTimersByTime(999));
    expect(ids()).toEqual([2, 3, 1]);
    act(() => vi.advanceTimersByTime(1));
    expect(ids()).toEqual([2, 1]);
  });

  it('draws a note that arrives with its start "now" on that render, not a tick later', () => {
    const { rerender } = render(<NoteBoard notes={[note(1)]} background="#eee" />);
    rerender(<NoteBoard notes={[note(1), note(9, { start: NOW })]} background="#eee" />);
    expect(ids()).toEqual([9, 1]);
  });

  it('follows the server clock, not the device clock', () => {
    // The device is 2 h slow: a note that started on the server a minute ago is still shown.
    setOffset(2 * 3600_000);
    render(<NoteBoard notes={[note(1, { start: NOW + 2 * 3600_000 - 60_000 })]} background="#eee" />);
    expect(ids()).toEqual([1]);
  });

  describe('pages', () => {
    // A 300 px board; notes 140 px high: two to a page.
    const measure = (_board: HTMLElement, els: Map<number, HTMLElement>) => ({
      height: 300,
      heights: new Map([...els.keys()].map((id) => [id, id === 50 ? 700 : 140])),
    });
    const page = () => screen.getAllByTestId('note')[0].closest<HTMLElement>('[data-pages]')!;

    it('takes turns through pages that fit the board, sticky notes included, each for its reading time', () => {
      const notes = [note(1, { sticky: true }), note(2, { sticky: true }), note(3), note(4), note(5)];
      render(<NoteBoard notes={notes} background="#eee" measure={measure} />);
      expect(page().dataset.pages).toBe('3');
      expect(ids()).toEqual([1, 2]);
      const ms = Number(page().dataset.pageMs);
      expect(ms).toBe(8000);
      act(() => vi.advanceTimersByTime(ms - 1));
      expect(ids()).toEqual([1, 2]);
      act(() => vi.advanceTimersByTime(1));
      expect(ids()).toEqual([3, 4]);
      act(() => vi.advanceTimersByTime(8000));
      expect(ids()).toEqual([5]);
      act(() => vi.advanceTimersByTime(8000));
      expect(ids()).toEqual([1, 2]);
    });

    it('stays on one page when everything fits', () => {
      render(<NoteBoard notes={[note(1), note(2)]} background="#eee" measure={measure} />);
      act(() => vi.advanceTimersByTime(60_000));
      expect(ids()).toEqual([1, 2]);
    });

    it('shows a note that just arrived at once, on whatever page it lands', () => {
      const notes = [note(1, { sticky: true }), note(2, { sticky: true }), note(3), note(4)];
      const { rerender } = render(<NoteBoard notes={notes} background="#eee" measure={measure} />);
      expect(ids()).toEqual([1, 2]);
      rerender(<NoteBoard notes={[...notes, note(9, { start: NOW })]} background="#eee" measure={measure} />);
      expect(ids()).toEqual([9, 3]);
    });

    it('shows a note taller than the board in windows, one after another', () => {
      const long = note(50, { text: `<p>${'ord '.repeat(90)}</p>`, start: NOW - 1 });
      render(<NoteBoard notes={[long, note(3)]} background="#eee" measure={measure} />);
      const windows = () => screen.getAllByTestId('note-window').map((w) => w.dataset.slice);
      expect(windows()).toEqual(['1/3']);
      act(() => vi.advanceTimersByTime(Number(page().dataset.pageMs)));
      expect(windows()).toEqual(['2/3']);
      act(() => vi.advanceTimersByTime(Number(page().dataset.pageMs)));
      expect(windows()).toEqual(['3/3']);
      act(() => vi.advanceTimersByTime(Number(page().dataset.pageMs)));
      expect(ids()).toEqual([3]);
    });

    it('puts fewer notes on a page in large print, in larger type', () => {
      const small = () => ({ height: 1000, heights: new Map([1, 2, 3, 4].map((id) => [id, 100])) });
      const notes = [note(1), note(2), note(3), note(4)];
      const { rerender } = render(<NoteBoard notes={notes} background="#eee" measure={small} />);
      expect(ids()).toEqual([1, 2, 3, 4]);
      rerender(<NoteBoard notes={notes} background="#eee" measure={small} largePrint />);
      expect(ids()).toEqual([1, 2, 3]);
      const text = screen.getAllByTestId('note')[0].querySelector<HTMLElement>('.rich-text')!;
      expect(Number.parseInt(text.style.fontSize, 10)).toBeGreaterThan(36);
    });
  });

  it('renders rich text with the icon and its colour, without unsafe markup', () => {
    const n = note(1, {
      text: '<h2>Dugnad</h2><p onclick="x">Lørdag <b>kl 10</b></p><script>bad()</script>',
      icon: 'build',
      iconColor: '#e60000',
    });
    render(<NoteBoard notes={[n]} background="#eee" />);
    const card = screen.getByTestId('note');
    expect(card.querySelector('h2')?.textContent).toBe('Dugnad');
    expect(card.querySelector('b')?.textContent).toBe('kl 10');
    expect(card.querySelector('script')).toBeNull();
    expect(card.querySelector('[onclick]')).toBeNull();
    const icon = card.querySelector<HTMLElement>('[data-icon="build"]')!;
    expect(icon.style.backgroundColor).toBe('rgb(230, 0, 0)');
  });

  it('says so when there is nothing to show', () => {
    render(<NoteBoard notes={[note(1, { start: NOW + 60_000 })]} background="#eee" />);
    expect(screen.getByText('Ingen oppslag akkurat nå')).toBeTruthy();
  });
});
