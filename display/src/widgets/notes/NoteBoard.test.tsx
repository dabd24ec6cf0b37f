import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOW, note } from '../../test-utils';
import { NOTE_ROTATION_MS, NoteBoard } from './NoteBoard';

const ids = () => screen.queryAllByTestId('note').map((el) => Number(el.dataset.noteId));

describe('NoteBoard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows sticky notes first, then regular notes newest first, 10 px apart', () => {
    const notes = [note(1), note(2, { sticky: true }), note(3), note(4, { start: NOW - 10 })];
    render(<NoteBoard notes={notes} background="#d0e5be" overflows={() => false} />);
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
    render(<NoteBoard notes={notes} background="#eee" overflows={() => false} />);
    expect(ids()).toEqual([1, 7, 6, 5]);
  });

  it('shows a note at its start and hides it after its end, checked every second', () => {
    const notes = [note(1), note(2, { start: NOW + 1500 }), note(3, { start: NOW - 5000, end: NOW + 2500 })];
    render(<NoteBoard notes={notes} background="#eee" overflows={() => false} />);
    expect(ids()).toEqual([3, 1]);
    act(() => vi.advanceTimersByTime(1000));
    expect(ids()).toEqual([3, 1]);
    act(() => vi.advanceTimersByTime(1000));
    expect(ids()).toEqual([2, 3, 1]);
    act(() => vi.advanceTimersByTime(1000));
    expect(ids()).toEqual([2, 1]);
  });

  it('moves the first regular note to the end every 20 s when the notes overflow', () => {
    const notes = [note(1, { sticky: true }), note(2), note(3), note(4)];
    render(<NoteBoard notes={notes} background="#eee" overflows={() => true} />);
    expect(ids()).toEqual([1, 2, 3, 4]);
    act(() => vi.advanceTimersByTime(NOTE_ROTATION_MS - 1000));
    expect(ids()).toEqual([1, 2, 3, 4]);
    act(() => vi.advanceTimersByTime(1000));
    expect(ids()).toEqual([1, 3, 4, 2]);
    act(() => vi.advanceTimersByTime(NOTE_ROTATION_MS));
    expect(ids()).toEqual([1, 4, 2, 3]);
  });

  it('keeps still when everything fits', () => {
    render(<NoteBoard notes={[note(1), note(2), note(3)]} background="#eee" overflows={() => false} />);
    act(() => vi.advanceTimersByTime(NOTE_ROTATION_MS * 3));
    expect(ids()).toEqual([1, 2, 3]);
  });

  it('keeps the rotation when a new note arrives, showing the new one first', () => {
    const { rerender } = render(
      <NoteBoard notes={[note(1), note(2), note(3)]} background="#eee" overflows={() => true} />,
    );
    act(() => vi.advanceTimersByTime(NOTE_ROTATION_MS));
    expect(ids()).toEqual([2, 3, 1]);
    rerender(
      <NoteBoard
        notes={[note(1), note(2), note(3), note(9, { start: NOW })]}
        background="#eee"
        overflows={() => true}
      />,
    );
    expect(ids()).toEqual([9, 2, 3, 1]);
  });

  it('renders rich text with the icon and its colour, without unsafe markup', () => {
    const n = note(1, {
      text: '<h2>Dugnad</h2><p onclick="x">Lørdag <b>kl 10</b></p><script>bad()</script>',
      icon: 'build',
      iconColor: '#e60000',
    });
    render(<NoteBoard notes={[n]} background="#eee" overflows={() => false} />);
    const card = screen.getByTestId('note');
    expect(card.querySelector('h2')?.textContent).toBe('Dugnad');
    expect(card.querySelector('b')?.textContent).toBe('kl 10');
    expect(card.querySelector('script')).toBeNull();
    expect(card.querySelector('[onclick]')).toBeNull();
    const icon = card.querySelector<HTMLElement>('[data-icon="build"]')!;
    expect(icon.style.backgroundColor).toBe('rgb(230, 0, 0)');
  });

  it('says so when there is nothing to show', () => {
    render(
      <NoteBoard notes={[note(1, { start: NOW + 60_000 })]} background="#eee" overflows={() => false} />,
    );
    expect(screen.getByText('Ingen oppslag akkurat nå')).toBeTruthy();
  });
});
