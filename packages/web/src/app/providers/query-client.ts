import { QueryClient } from '@tanstack/react-query';
import { shouldRetryQuery } from '../../lib/api';

/**
 * One client per app. Refetching on window focus is off: live data arrives over the socket and
 * the essentials refetch on their own 2-minute timer (essentials-context.tsx). An API error is
 * never repeated by the query (lib/api/query-retry.ts): the client has already retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 30_000, retry: shouldRetryQuery } },
  });
}
