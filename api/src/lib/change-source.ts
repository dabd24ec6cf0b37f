import { AsyncLocalStorage } from 'node:async_hooks';
import type { HistorySource } from '@oppslag/common';

/**
 * Where the change being made comes from (console, API, display, SMS, system), for the history
 * `recordEvent` writes. The HTTP layer (`mountRoute`) and the worker's SMS processor set it around
 * their work, so no service has to thread it through; without it a change counts as `system`.
 */
const storage = new AsyncLocalStorage<HistorySource>();

export const withChangeSource = <T>(source: HistorySource, work: () => T): T => storage.run(source, work);

export const currentChangeSource = (): HistorySource => storage.getStore() ?? 'system';
