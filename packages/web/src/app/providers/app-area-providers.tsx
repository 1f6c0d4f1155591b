import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from './query-client';

/**
 * The data cache, for the auth screens and the signed-in app (a lazy route, AuthRoot): the landing
 * page does not use it, so it stays out of its first load.
 */
export function AppAreaProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
