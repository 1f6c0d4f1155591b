import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import type { TradeView } from './chart-overlays';

/** The active position's trades (authority 2; an operator of authority 1 sees no markers). */
export function usePositionTrades(positionId: number | undefined, allowed: boolean, tradeCount: number) {
  const { client } = useAuth();
  return useQuery({
    // The plan's action counts change when a trade lands: refetch then, not every tick.
    queryKey: ['dashboard', 'trades', positionId, tradeCount],
    queryFn: () => client.request<TradeView[]>({ path: `position/record/trades/${positionId}`, auth: true }),
    enabled: positionId !== undefined && allowed,
    placeholderData: (previous) => previous,
  });
}

export interface BalancesView {
  free: Record<string, string>;
  time: number;
  baseAsset: string;
  quoteAsset: string;
}

/** Free balances (authority 2), read every 10 s. */
export function useBalances(allowed: boolean) {
  const { client } = useAuth();
  return useQuery({
    queryKey: ['dashboard', 'balances'],
    queryFn: () => client.request<BalancesView>({ path: 'position/balances', auth: true }),
    enabled: allowed,
    refetchInterval: 10_000,
  });
}
