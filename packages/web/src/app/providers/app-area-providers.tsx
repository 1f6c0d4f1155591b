import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './app-providers';
import { createQueryClient } from './query-client';

/**
 * The data cache and the tooltips' shared timing, for the auth screens and the signed-in app (a
 * lazy route, AuthRoot): the landing page uses neither, so they stay out of its first load.
 */
export function AppAreaProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
