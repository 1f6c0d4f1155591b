import { QueryClient } from '@tanstack/react-query';

/**
 * One client per app. Refetching on window focus is off: live data arrives over the socket and
 * the essentials refetch on their own 2-minute timer (essentials-context.tsx).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}
