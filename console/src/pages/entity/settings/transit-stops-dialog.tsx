import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { isOneOf } from '@oppslag/common/one-of.ts';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../api/query-client';
import { stopSearchQuery } from '../../../api/screen-queries';
import type { StopSearchResult } from '../../../api/transit.api';
import { Alert } from '../../../components/card';
import { MENU_KEYS, moveHighlight, searchableQuery } from './transit-search.logic';

const DEBOUNCE_MS = 250;

type SearchState =
  | { kind: 'idle' }
  | { kind: 'loading'; query: string }
  | { kind: 'done'; query: string; hits: StopSearchResult[] }
  | { kind: 'failed' };

/**
 * Add-stop dialog (width 600): a search box with a results menu (max height 300). Arrow keys move
 * the highlight, Enter picks it and Escape closes (content spec §2).
 */
export function TransitStopDialog({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (hit: StopSearchResult) => void;
}) {
  const { t } = useTranslation('transit');
  const [query, setQuery] = useState('');
  // The words searched: the typed ones once typing has paused (DEBOUNCE_MS), or at once when the
  // query cache already has their answer (the cache keeps results for the session).
  const [searched, setSearched] = useState('');
  const [highlight, setHighlight] = useState(-1);
  const listId = useId();
  const q = searchableQuery(query) ?? '';

  useEffect(() => {
    if (!open) {
      setQuery('');
      setSearched('');
      setHighlight(-1);
    }
  }, [open]);

  useEffect(() => {
    setHighlight(-1);
    if (!q || queryClient.getQueryData(stopSearchQuery(q).queryKey)) {
      setSearched(q);
      return;
    }
    const timer = setTimeout(() => setSearched(q), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  const search = useQuery({ ...stopSearchQuery(searched), enabled: searched !== '' }, queryClient);
  const state: SearchState = !q
    ? { kind: 'idle' }
    : searched !== q || search.isPending
      ? { kind: 'loading', query: q }
      : search.isError
        ? { kind: 'failed' }
        : { kind: 'done', query: q, hits: search.data ?? [] };

  const hits = state.kind === 'done' ? state.hits : [];

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const key = e.key;
    if (isOneOf(MENU_KEYS, key)) {
      if (!hits.length) return;
      e.preventDefault();
      setHighlight((h) => moveHighlight(h, key, hits.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const hit = hits[highlight] ?? (hits.length === 1 ? hits[0] : undefined);
      if (hit) onPick(hit);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[10vh]">
        <DialogPanel
          className="w-full max-w-[600px] rounded-lg bg-white shadow-xl"
          data-testid="transit-dialog"
        >
          <DialogTitle className="border-b border-slate-200 px-5 py-3 text-lg font-semibold text-slate-900">
            {t('dialogTitle')}
          </DialogTitle>
          <div className="flex flex-col gap-3 px-5 py-4 text-sm">
            <label className="flex flex-col gap-1">
              <span className="font-medium text-slate-700">{t('searchLabel')}</span>
              <input
                type="search"
                role="combobox"
                aria-expanded={hits.length > 0}
                aria-controls={listId}
                aria-activedescendant={highlight >= 0 ? `${listId}-${highlight}` : undefined}
                autoComplete="off"
                autoFocus
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={onKeyDown}
                className="rounded-md border border-slate-300 px-3 py-2 shadow-sm outline-none focus:ring-2 focus:ring-primary-500"
              />
              <span className="text-xs text-slate-500">{t('searchHint')}</span>
            </label>
            {state.kind === 'failed' && <Alert kind="error">{t('searchFailed')}</Alert>}
            {state.kind === 'loading' && <p className="text-slate-500">{t('searching')}</p>}
            {state.kind === 'done' && hits.length === 0 && (
              <p className="text-slate-600">{t('noHits', { query: state.query })}</p>
            )}
            {hits.length > 0 && (
              <div
                id={listId}
                role="listbox"
                aria-label={t('results')}
                className="max-h-[300px] overflow-y-auto rounded-md border border-slate-200"
              >
                {hits.map((hit, i) => (
                  <div
                    key={hit.stopId}
                    id={`${listId}-${i}`}
                    role="option"
                    tabIndex={-1}
                    aria-selected={i === highlight}
                    onMouseEnter={() => setHighlight(i)}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => onPick(hit)}
                    onKeyDown={() => undefined}
                    className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-2 ${
                      i === highlight ? 'bg-primary-50 text-primary-900' : ''
                    }`}
                  >
                    <span className="truncate">{hit.label}</span>
                    <span className="shrink-0 text-xs text-slate-500">
                      {hit.icons.map((icon) => t(`icons.${icon}`)).join(', ')}
                    </span>
                  </div>
                ))}
              </div>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
