import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A long list in the page's own scroll: only the rows in and near the window are rendered (the
 * entity tree and the superadmin's displays table stay fast at 10,000 rows). The list keeps its
 * place in the document flow; `before` and `after` are the heights to pad above and below the
 * rendered rows, so the scroll bar, Page Down and keyboard focus behave as if every row were
 * there. Each rendered row gets `ref={measure}` and `data-index`, so rows of any height (a
 * phone's stacked table rows) are measured, not guessed.
 */
export function useWindowRows<E extends HTMLElement>(count: number, estimateSize: number) {
  const list = useRef<E>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts in the page moves when content above it changes (a card above grows).
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimateSize,
    // Rows past the window are rendered too, so Tab from the last visible row reaches the next.
    overscan: 12,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows.length ? rows[0].start - scrollMargin : 0;
  const after = rows.length ? virtualizer.getTotalSize() - (rows[rows.length - 1].end - scrollMargin) : 0;
  return { list, rows, before, after, measure: virtualizer.measureElement };
}
