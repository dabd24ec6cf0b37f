import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOW, slide } from '../../test-utils';
import { SlotSlider } from './SlotSlider';

const SIZE = { width: 480, height: 895 };
const shown = () => document.querySelector<HTMLElement>('[data-active-slide]')?.dataset.activeSlide;

describe('SlotSlider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows each slide for its duration and loops, with one dot per slide', () => {
    const slides = [slide('a', { duration: 2 }), slide('b', { duration: 3 }), slide('c')];
    render(<SlotSlider name="banner" slides={slides} size={SIZE} />);
    expect(screen.getByTestId('slider-dots').children).toHaveLength(3);
    expect(shown()).toBe('a');
    act(() => vi.advanceTimersByTime(1750));
    expect(shown()).toBe('a');
    act(() => vi.advanceTimersByTime(250));
    expect(shown()).toBe('b');
    act(() => vi.advanceTimersByTime(3000));
    expect(shown()).toBe('c');
    act(() => vi.advanceTimersByTime(7250));
    expect(shown()).toBe('c');
    act(() => vi.advanceTimersByTime(250));
    expect(shown()).toBe('a');
  });

  it('rotates only the slides active now', () => {
    const slides = [
      slide('past', { start: NOW - 10_000, end: NOW - 1 }),
      slide('now', { start: NOW - 1000, end: NOW + 60_000 }),
      slide('later', { start: NOW + 3000 }),
    ];
    render(<SlotSlider name="banner" slides={slides} size={SIZE} />);
    expect(document.querySelector('[data-widget="banner"]')?.getAttribute('data-slide-count')).toBe('1');
    expect(shown()).toBe('now');
    act(() => vi.advanceTimersByTime(4000));
    expect(document.querySelector('[data-widget="banner"]')?.getAttribute('data-slide-count')).toBe('2');
  });

  it('falls back to the fallback slides when none is active', () => {
    const slides = [slide('expired', { end: NOW - 1 })];
    render(<SlotSlider name="banner" slides={slides} fallback={[slide('fallback')]} size={SIZE} />);
    expect(shown()).toBe('fallback');
    expect(screen.queryByTestId('slider-dots')).toBeNull();
  });

  it('renders nothing with neither slides nor fallback', () => {
    const { container } = render(
      <SlotSlider name="adsSmall" slides={[]} size={{ width: 480, height: 175 }} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('holds the slide while the page is hidden', () => {
    const slides = [slide('a', { duration: 2 }), slide('b', { duration: 2 })];
    render(<SlotSlider name="banner" slides={slides} size={SIZE} />);
    act(() => vi.advanceTimersByTime(1000));
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      vi.advanceTimersByTime(10_000);
    });
    expect(shown()).toBe('a');
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toBe('b');
  });

  it('skips a slide whose image failed until a retry loads it', async () => {
    let bDown = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('/2/') && bDown) return new Response('', { status: 503 });
        return new Response(new Blob(['png']), { status: 200 });
      }),
    );
    let n = 0;
    URL.createObjectURL = () => `blob:slide-${++n}`;
    URL.revokeObjectURL = () => undefined;
    const slides = [
      slide('a', { imageUrl: '/api/assets/1/cropped', duration: 2 }),
      slide('b', { imageUrl: '/api/assets/2/cropped', duration: 2 }),
      slide('c', { imageUrl: '/api/assets/3/cropped', duration: 2 }),
    ];
    render(<SlotSlider name="banner" slides={slides} size={SIZE} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(shown()).toBe('a');
    expect(screen.getByTestId('slider-dots').children).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(shown()).toBe('c');
    // The image comes back on its next retry (every 5 s) and the slide rejoins the rotation.
    bDown = false;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByTestId('slider-dots').children).toHaveLength(3);
    vi.unstubAllGlobals();
  });
});
