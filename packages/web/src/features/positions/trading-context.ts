import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import type { PositionRecord } from './types';

/** Authority needed to place manual orders, change trades and archive (docs/trading-api.md). */
export const TRADING_AUTHORITY = 4;

interface EssentialsSlice {
  user: { id: number; nickname: string; authority: number };
  position: PositionRecord | null;
}

/**
 * The user's authority and the active position, from GET data-join/app-essentials (read here
 * until the shared essentials hook exists; refreshed every 30 s so the active position's figures
 * follow the price).
 */
export function useTradingContext() {
  const { client } = useAuth();
  const query = useQuery({
    queryKey: ['positions', 'essentials'],
    queryFn: () => client.request<EssentialsSlice>({ path: 'data-join/app-essentials', auth: true }),
    refetchInterval: 30_000,
  });
  const authority = query.data?.user.authority ?? 0;
  return {
    authority,
    canTrade: authority >= TRADING_AUTHORITY,
    activePosition: query.data?.position ?? null,
    refetch: query.refetch,
  };
}
