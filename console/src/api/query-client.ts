import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache of the app: the server state (entities, members, profile, notes, lists…).
 * Like the jotai store it is a module, so non-React code (the realtime socket, the boot prefetch,
 * logout) reaches it directly; the hooks pass it explicitly, so a component works with or without
 * the provider in main.tsx.
 *
 * - No retries: `request()` already waits out network loss (the connectivity test) and retries;
 *   an ApiError is the server's answer and retrying it would only delay the message.
 * - networkMode 'always': the connectivity test, not the browser's online flag, decides when a
 *   request may go (a paused query would never reach that test).
 * - No refetch on focus: the socket keeps what is shown current, and a resync refetches it all.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, networkMode: 'always', refetchOnWindowFocus: false },
    mutations: { retry: false, networkMode: 'always' },
  },
});
